import { COIN_DISPLAY, COIN_IDS, type CoinId } from '@poolkit/core';
import { Button, Dialog, DialogClose } from '@poolkit/widgets';
import { DepositCard } from '@poolkit/widgets/DepositCard';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/servicesContext';
import { SelectField, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import * as styles from './asset.css';

/** How often waiting deposits are looked at again. */
const RECENT_POLL_MS = 15_000;

/**
 * The widgets' DepositCard in a dialog, wired to `GET /wallets/deposit-address`: the coin (any
 * coin the pool knows, the one whose line was pressed first) and, for a user with several
 * mining accounts, the account the deposit credits (each has its own address). The coin's
 * newest deposits show under it (`GET /wallets/deposits`), looked at again every 15 s while
 * one waits for its confirmation.
 */
export function DepositFlow({
  open,
  onOpenChange,
  coin,
  onCoinChange,
  accounts,
  account,
  onAccountChange,
  timezone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coin: CoinId;
  onCoinChange: (coin: CoinId) => void;
  /** The user's mining accounts; a picker when there are several. */
  accounts: readonly string[];
  /** The chosen one; the main account when `undefined`. */
  account: string | undefined;
  onAccountChange: (account: string) => void;
  /** The user's zone for the deposits' times. */
  timezone?: string | undefined;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const deposit = useApiData(
    open
      ? async (signal) =>
          api.depositAddress(
            { query: { coin, ...(account === undefined ? {} : { account }) } },
            { signal },
          )
      : null,
    [open, coin, account],
  );
  const recent = useApiData(
    open
      ? async (signal) =>
          api.deposits(
            { query: { coin, ...(account === undefined ? {} : { account }) } },
            { signal },
          )
      : null,
    [open, coin, account],
    { silent: true },
  );
  // While a deposit waits for its confirmation, look again now and then.
  const waiting = recent.data?.list.some((line) => line.status === 'pending') ?? false;
  const reloadRecent = recent.reload;
  useEffect(() => {
    if (!open || !waiting) return;
    const timer = setInterval(reloadRecent, RECENT_POLL_MS);
    return () => clearInterval(timer);
  }, [open, waiting, reloadRecent]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('mining.depositTitle', { coin: COIN_DISPLAY[coin].symbol })}
      footer={
        <DialogClose>
          <Button variant="secondary">{t('site.wallet.close')}</Button>
        </DialogClose>
      }
    >
      <div className={`${uiStyles.row} ${styles.pickers}`}>
        {accounts.length > 1 ? (
          <SelectField
            label={t('site.wallet.depositAccount')}
            value={account ?? accounts[0] ?? ''}
            options={accounts.map((name) => ({ value: name, label: name }))}
            onChange={onAccountChange}
          />
        ) : null}
        <SelectField
          label={t('site.wallet.depositCoin')}
          value={coin}
          options={COIN_IDS.map((id) => ({ value: id, label: COIN_DISPLAY[id].symbol }))}
          onChange={onCoinChange}
        />
      </div>
      <DepositCard
        className={styles.flushCard}
        hideTitle
        deposit={deposit.status === 'ready' ? deposit.data : null}
        coin={coin}
        loading={deposit.status === 'loading'}
        error={deposit.status === 'error' || deposit.status === 'missing' ? true : undefined}
        onRetry={deposit.reload}
        deposits={recent.data?.list ?? []}
        {...(timezone === undefined ? {} : { timezone })}
      />
    </Dialog>
  );
}
