import { type RedPacketStatus, STATUS_LABELS } from '@poolkit/core/domain';
import { StatusTag } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';

/** A received red packet's state as a tag with its word (spec section 4). */
export function PacketStateTag({ status }: { status: RedPacketStatus }) {
  const { t } = useTranslation();
  const label = STATUS_LABELS.redPacket[status];
  return (
    <StatusTag tone={label.tone} size="sm">
      {t(label.i18nKey)}
    </StatusTag>
  );
}
