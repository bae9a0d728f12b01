import { StatusTag, type StatusTone } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { minerStatusKey } from './format';

const TONES: Readonly<Record<'active' | 'inactive' | 'dead', StatusTone>> = {
  active: 'success',
  inactive: 'warning',
  dead: 'danger',
};

/** A worker state as a coloured tag with its word (DESIGN.md: never colour alone). */
export function MinerStatus({ status }: { status: 'active' | 'inactive' | 'dead' }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={TONES[status]} size="sm">
      {t(minerStatusKey(status))}
    </StatusTag>
  );
}
