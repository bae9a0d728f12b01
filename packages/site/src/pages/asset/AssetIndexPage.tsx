import type { UserInfo } from '@poolkit/core/contract';
import type { CoinId } from '@poolkit/core/domain';
import { Button } from '@poolkit/widgets';
import { TransactionTable } from '@poolkit/widgets/TransactionTable';
import { WalletCard } from '@poolkit/widgets/WalletCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySelect, useDisplayCurrency } from '../../app/currency';
import { coinMoney, dateTime } from '../../app/format';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, DataSection, DataTable, PageFrame, uiStyles } from '../../app/ui';
import { useApiData, useEndpoint } from '../../app/useApiData';
import { AssetTabs } from './AssetTabs';
import { DepositFlow } from './DepositFlow';
import { ExchangeFlow } from './ExchangeFlow';
import { PayPasswordDialog } from './PayPasswordDialog';
import { TransferFlow } from './TransferFlow';
import { WithdrawFlow } from './WithdrawFlow';

/** Lines of the recent-transactions card. */
const RECENT = 5;

function PayPasswordCard({ user, onChange }: { user: UserInfo; onChange: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('site.wallet.payPassword')}>
      <div className={`${uiStyles.row} ${uiStyles.rowBetween}`}>
        <p className={`${uiStyles.muted} ${uiStyles.flush} ${uiStyles.grow}`}>
          {user.pay_password_set
            ? t('site.wallet.payPasswordIsSet')
            : t('site.wallet.payPasswordMissing')}
        </p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {user.pay_password_set
            ? t('site.wallet.changePayPassword')
            : t('site.wallet.setPayPassword')}
        </Button>
      </div>
      <PayPasswordDialog open={open} onOpenChange={setOpen} user={user} onSaved={onChange} />
    </Card>
  );
}

/**
 * `/asset/index`: the wallet. The balances summed over the user's mining accounts with their
 * value in the user's currency (WalletCard, with the hide toggle kept in `hide_eye`), each
 * account's share, the pay password, the latest transactions, and the transfer, deposit and
 * withdraw dialogs (the withdraw dialog holds the address book: choose, add or delete an
 * address of the coin there).
 */
export function Component() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const navigate = useNavigate();
  const [hidden, setHidden] = useState(() => session.get('hide_eye'));
  const [transferOpen, setTransferOpen] = useState(false);
  const [exchangeOpen, setExchangeOpen] = useState(false);
  const [payPasswordOpen, setPayPasswordOpen] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  const [depositCoin, setDepositCoin] = useState<CoinId>('btc');
  const [depositAccount, setDepositAccount] = useState<string | undefined>(undefined);
  const [withdrawCoin, setWithdrawCoin] = useState<CoinId | null>(null);
  const user = useApiData(async (signal) => api.userInfo({}, { signal }), []);
  // Through the read cache: a transfer, withdrawal or exchange invalidates both.
  const balances = useEndpoint('walletBalances', {});
  const recent = useEndpoint('walletTransactions', { query: { page: 1, page_size: RECENT } });
  const info = user.status === 'ready' ? user.data : undefined;
  // The session's choice, else the user's setting.
  const display = useDisplayCurrency(info?.settings.currency);
  const currency = display.entry;
  const timezone = info?.settings.timezone;
  const accounts = balances.data?.accounts ?? [];
  const accountNames = [...new Set(accounts.map((row) => row.account))];
  const multipleAccounts = accountNames.length > 1;

  return (
    <PageFrame title={t('site.routes.AssetIndex')}>
      <AssetTabs current="AssetIndex" />
      {info?.withdraw_paused_until ? (
        <p className={uiStyles.muted} role="status">
          {t('site.wallet.pausedUntil', {
            time: dateTime(info.withdraw_paused_until, info.settings.timezone),
          })}
        </p>
      ) : null}
      <div className={uiStyles.spacedBelow}>
        <WalletCard
          balances={balances.data?.list ?? []}
          totalValueCny={balances.data?.total_value_cny ?? '0'}
          currency={currency}
          hidden={hidden}
          onHiddenChange={(next) => {
            setHidden(next);
            session.set('hide_eye', next);
          }}
          {...(info === undefined
            ? {}
            : {
                onTransfer: () => setTransferOpen(true),
                onDeposit: (coin?: CoinId) => {
                  if (coin !== undefined) setDepositCoin(coin);
                  setDepositOpen(true);
                },
                onWithdraw: (coin: CoinId) => setWithdrawCoin(coin),
                onExchange: () => setExchangeOpen(true),
              })}
          loading={balances.status === 'loading'}
          error={balances.status === 'error'}
          onRetry={balances.reload}
          headingLevel={2}
          footer={
            <div className={`${uiStyles.row} ${uiStyles.rowBetween}`}>
              <p className={`${uiStyles.muted} ${uiStyles.flush} ${uiStyles.grow}`}>
                {t('site.wallet.fiatNote', { currency: currency.currency })}
              </p>
              <CurrencySelect value={currency} rates={display.rates} onChange={display.choose} />
            </div>
          }
        />
      </div>
      {multipleAccounts ? (
        <Card title={t('site.wallet.accounts')}>
          <DataTable
            caption={t('site.wallet.accounts')}
            stackOnPhones
            rows={accounts}
            rowKey={(row) => `${row.account}-${row.coin}`}
            columns={[
              { key: 'account', header: t('site.wallet.account'), cell: (row) => row.account },
              { key: 'coin', header: t('site.wallet.coin'), cell: (row) => row.coin.toUpperCase() },
              {
                key: 'available',
                header: t('mining.walletAvailable'),
                cell: (row) => (hidden ? '****' : coinMoney(row.available, row.coin)),
              },
              {
                key: 'frozen',
                header: t('mining.walletFrozen'),
                cell: (row) => (hidden ? '****' : coinMoney(row.frozen, row.coin)),
              },
              {
                key: 'total',
                header: t('mining.walletTotal'),
                cell: (row) => (hidden ? '****' : coinMoney(row.total, row.coin)),
              },
            ]}
          />
        </Card>
      ) : null}
      <DataSection data={user} skeletonLines={2}>
        {(value) => <PayPasswordCard user={value} onChange={user.reload} />}
      </DataSection>
      <div className={uiStyles.spacedBelow}>
        <TransactionTable
          title={t('site.wallet.recent')}
          headingLevel={2}
          transactions={recent.data?.list ?? []}
          {...(timezone === undefined ? {} : { timezone })}
          hidden={hidden}
          showAccount={multipleAccounts}
          hrefOf={(row) => `/fund/${row.id}`}
          onOpen={(row, event) => {
            event.preventDefault();
            void navigate(`/fund/${row.id}`);
          }}
          loading={recent.status === 'loading'}
          error={recent.status === 'error'}
          onRetry={recent.reload}
          footer={
            <div className={`${uiStyles.row} ${uiStyles.rowEnd}`}>
              <AppLink to="/asset/transaction" className={uiStyles.link}>
                {t('site.wallet.allTransactions')}
              </AppLink>
            </div>
          }
        />
      </div>
      {info === undefined ? null : (
        <>
          <TransferFlow
            open={transferOpen}
            onOpenChange={setTransferOpen}
            user={info}
            balances={accounts}
            onSetPayPassword={() => {
              setTransferOpen(false);
              setPayPasswordOpen(true);
            }}
          />
          <DepositFlow
            open={depositOpen}
            onOpenChange={setDepositOpen}
            coin={depositCoin}
            onCoinChange={setDepositCoin}
            accounts={accountNames}
            account={depositAccount}
            onAccountChange={setDepositAccount}
            timezone={timezone}
          />
          <WithdrawFlow
            open={withdrawCoin !== null}
            onOpenChange={(open) => {
              if (!open) setWithdrawCoin(null);
            }}
            coin={withdrawCoin ?? 'btc'}
            available={
              balances.data?.list.find((row) => row.coin === withdrawCoin)?.available ?? '0'
            }
            accounts={accounts
              .filter((row) => row.coin === withdrawCoin)
              .map((row) => ({ account: row.account, available: row.available }))}
            user={info}
            onSetPayPassword={() => {
              setWithdrawCoin(null);
              setPayPasswordOpen(true);
            }}
          />
          <ExchangeFlow
            open={exchangeOpen}
            onOpenChange={setExchangeOpen}
            user={info}
            balances={accounts}
            onSetPayPassword={() => {
              setExchangeOpen(false);
              setPayPasswordOpen(true);
            }}
          />
          <PayPasswordDialog
            open={payPasswordOpen}
            onOpenChange={setPayPasswordOpen}
            user={info}
            onSaved={user.reload}
          />
        </>
      )}
    </PageFrame>
  );
}
