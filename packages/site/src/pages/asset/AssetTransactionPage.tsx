import { PAGE_SIZE } from '@poolkit/core/constants';
import type {
  TransactionListQuery,
  TransactionStatus,
  TransactionType,
} from '@poolkit/core/contract';
import { Button } from '@poolkit/widgets';
import { TransactionTable } from '@poolkit/widgets/TransactionTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportRangeError, saveCsv } from '../../app/csvExport';
import { reportError } from '../../app/feedback';
import { useNavigate } from '../../app/nav';
import { Pager } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, PageFrame, SelectField, TextField, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { AssetTabs } from './AssetTabs';

const TYPES: readonly [TransactionType, string][] = [
  ['mining', 'txTypeMining'],
  ['transfer_in', 'txTypeTransferIn'],
  ['transfer_out', 'txTypeTransferOut'],
  ['deposit', 'txTypeDeposit'],
  ['withdraw', 'txTypeWithdraw'],
  ['withdraw_refund', 'txTypeWithdrawRefund'],
  ['auto_withdraw', 'txTypeAutoWithdraw'],
  ['exchange_in', 'txTypeExchangeIn'],
  ['exchange_out', 'txTypeExchangeOut'],
  ['contract', 'txTypeContract'],
  ['red_packet', 'txTypeRedPacket'],
  ['invite_reward', 'txTypeInviteReward'],
];

const STATUSES: readonly [TransactionStatus, string][] = [
  ['successful', 'status.successful'],
  ['pending', 'status.walletPending'],
  ['failed', 'status.failed'],
];

interface Filters {
  type: '' | TransactionType;
  coin: string;
  status: '' | TransactionStatus;
  account: string;
  start: string;
  end: string;
}

const NO_FILTERS: Filters = { type: '', coin: '', status: '', account: '', start: '', end: '' };

/** The list query of the filters: empty ones left out, a date only when both ends are set. */
function queryOf(filters: Filters, page: number): TransactionListQuery {
  return {
    page,
    page_size: PAGE_SIZE,
    ...(filters.type === '' ? {} : { type: filters.type }),
    ...(filters.coin === '' ? {} : { coin: filters.coin as TransactionListQuery['coin'] }),
    ...(filters.status === '' ? {} : { status: filters.status }),
    ...(filters.account === '' ? {} : { account: filters.account }),
    ...(filters.start === '' ? {} : { start_date: filters.start }),
    ...(filters.end === '' ? {} : { end_date: filters.end }),
  };
}

/**
 * `/asset/transaction`: every transaction line of the user's accounts, filtered by type, coin,
 * status, account and days, ten a page, each with a link to its record (`/fund/:id`), and the
 * CSV export of a date range (spec section 5: the export requires one).
 */
export function Component() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [rangeError, setRangeError] = useState<string | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const user = useApiData(async (signal) => api.userInfo({}, { signal }), []);
  const balances = useApiData(async (signal) => api.walletBalances({}, { signal }), []);
  const datesOk = filters.start === '' || filters.end === '' || filters.start <= filters.end;
  const list = useApiData(
    datesOk
      ? async (signal) => api.walletTransactions({ query: queryOf(filters, page) }, { signal })
      : null,
    [filters, page, datesOk],
  );
  const accounts = [...new Set((balances.data?.accounts ?? []).map((row) => row.account))];
  const coins = [...new Set((balances.data?.accounts ?? []).map((row) => row.coin))];
  const timezone = user.data?.settings.timezone;

  function change(next: Partial<Filters>) {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  }

  async function exportCsv() {
    const problem = exportRangeError(t, filters.start, filters.end);
    setRangeError(problem);
    if (problem) return;
    setExporting(true);
    try {
      const { page: _page, page_size: _size, ...query } = queryOf(filters, 1);
      const csv = await api.walletTransactionsExport({
        query: { ...query, start_date: filters.start, end_date: filters.end },
      });
      saveCsv(csv, `wallet-${filters.start}-${filters.end}.csv`);
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  }

  const filtered = Object.values(filters).some((value) => value !== '');
  return (
    <PageFrame title={t('site.routes.AssetTransaction')}>
      <AssetTabs current="AssetTransaction" />
      <Card title={t('site.wallet.filters')}>
        <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
          <SelectField
            label={t('site.wallet.type')}
            value={filters.type}
            options={[
              { value: '', label: t('site.wallet.allTypes') },
              ...TYPES.map(([value, key]) => ({ value, label: t(`mining.${key}`) })),
            ]}
            onChange={(type) => change({ type })}
          />
          <SelectField
            label={t('site.wallet.coin')}
            value={filters.coin}
            options={[
              { value: '', label: t('site.wallet.allCoins') },
              ...coins.map((coin) => ({ value: coin, label: coin.toUpperCase() })),
            ]}
            onChange={(coin) => change({ coin })}
          />
          <SelectField
            label={t('site.wallet.status')}
            value={filters.status}
            options={[
              { value: '', label: t('site.wallet.allStatuses') },
              ...STATUSES.map(([value, key]) => ({ value, label: t(key) })),
            ]}
            onChange={(status) => change({ status })}
          />
          {accounts.length > 1 ? (
            <SelectField
              label={t('site.wallet.account')}
              value={filters.account}
              options={[
                { value: '', label: t('site.wallet.allAccounts') },
                ...accounts.map((account) => ({ value: account, label: account })),
              ]}
              onChange={(account) => change({ account })}
            />
          ) : null}
          <TextField
            label={t('site.wallet.startDate')}
            type="date"
            value={filters.start}
            onChange={(event) => change({ start: event.target.value })}
          />
          <TextField
            label={t('site.wallet.endDate')}
            type="date"
            value={filters.end}
            error={datesOk ? undefined : t('validation.dateRangeOrder')}
            onChange={(event) => change({ end: event.target.value })}
          />
        </div>
        <div className={`${uiStyles.row} ${uiStyles.spacedAbove}`}>
          <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
            {t('site.wallet.exportCsv')}
          </Button>
          {filtered ? (
            <Button variant="ghost" onClick={() => change(NO_FILTERS)}>
              {t('site.wallet.clear')}
            </Button>
          ) : null}
          <span className={uiStyles.muted}>{t('site.wallet.exportHint')}</span>
        </div>
        {rangeError ? <p className={uiStyles.fieldError}>{rangeError}</p> : null}
      </Card>
      <TransactionTable
        title={t('site.routes.AssetTransaction')}
        hideTitle
        transactions={list.data?.list ?? []}
        {...(timezone === undefined ? {} : { timezone })}
        showAccount={accounts.length > 1}
        hrefOf={(row) => `/fund/${row.id}`}
        onOpen={(row, event) => {
          event.preventDefault();
          void navigate(`/fund/${row.id}`);
        }}
        hidden={session.get('hide_eye')}
        loading={datesOk && list.status === 'loading'}
        error={list.status === 'error'}
        onRetry={list.reload}
        footer={
          list.data === undefined ? null : (
            <Pager
              page={page}
              pageSize={list.data.page_size}
              total={list.data.total}
              onPageChange={setPage}
              showCount
            />
          )
        }
      />
    </PageFrame>
  );
}
