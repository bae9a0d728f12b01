import type { RedPacket } from '@poolkit/core/contract';
import { Button, FormField, Select } from '@poolkit/widgets';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useServices } from '../../app/servicesContext';
import { useApiData } from '../../app/useApiData';
import * as styles from './programmes.css';

/**
 * Chooses the mining account a red packet's income goes to, the main account first (spec
 * section 6: the main account can be switched to for red packets), and activates the packet
 * (or, once activated, switches the account for the days to come).
 */
export function ActivateForm({
  packet,
  onDone,
}: {
  packet: RedPacket;
  /** After the activation, with the packet as it is now (its reads are invalidated anyway). */
  onDone?: (packet: RedPacket) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const accounts = useApiData(async (signal) => (await api.accounts({}, { signal })).list, []);
  const list =
    accounts.status === 'ready'
      ? [...accounts.data].sort((a, b) => Number(b.main) - Number(a.main))
      : [];
  const [account, setAccount] = useState<string | null>(null);
  const chosen = account ?? packet.account ?? list[0]?.name ?? null;
  const [busy, setBusy] = useState(false);
  const switching = packet.status === 'activated';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen === null) return;
    setBusy(true);
    try {
      const answer = await api.activateRedPacket({
        params: { id: packet.id },
        body: { account: chosen },
      });
      showMessage(
        switching
          ? t('site.redPackets.switched', { account: chosen })
          : t('site.redPackets.activated'),
        'success',
      );
      onDone?.(answer);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <FormField
        label={t('site.redPackets.incomeAccount')}
        hint={t('site.redPackets.incomeAccountHint')}
      >
        <Select
          value={chosen}
          onValueChange={setAccount}
          options={list.map((item) => ({
            value: item.name,
            label: item.main ? `${item.name} (${t('site.redPackets.mainAccount')})` : item.name,
          }))}
        />
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" loading={busy} disabled={chosen === null}>
          {switching ? t('site.redPackets.switchAccount') : t('site.redPackets.activate')}
        </Button>
      </div>
    </form>
  );
}
