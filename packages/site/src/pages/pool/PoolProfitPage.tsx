import { PAGE_SIZE } from '@poolkit/core/constants';
import { Button } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportRangeError, saveCsv } from '../../app/csvExport';
import { reportError } from '../../app/feedback';
import { coinMoney } from '../../app/format';
import { useParams } from '../../app/nav';
import {
  earningFigures,
  pagerFooter,
  profitColumns,
  StatsCard,
  TableCard,
} from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { Card, PageFrame, TextField, uiStyles } from '../../app/ui';
import type { AccountPool } from '../../app/useAccountPool';
import { useApiData } from '../../app/useApiData';
import { AccountGate } from './AccountGate';
import { PoolTabs } from './PoolTabs';

function Profits({ pool, account }: AccountPool) {
  const { t } = useTranslation();
  const { api } = useServices();
  const params = { pool: pool.name, account };
  const [page, setPage] = useState(1);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [rangeError, setRangeError] = useState<string | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const stats = useApiData(
    async (signal) => api.profitStats({ params }, { signal }),
    [pool.name, account],
  );
  const list = useApiData(
    async (signal) => api.profits({ params, query: { page, page_size: PAGE_SIZE } }, { signal }),
    [pool.name, account, page],
  );

  async function exportCsv() {
    const problem = exportRangeError(t, start, end);
    setRangeError(problem);
    if (problem) return;
    setExporting(true);
    try {
      const csv = await api.exportProfits({ params, query: { start_date: start, end_date: end } });
      saveCsv(csv, `${pool.name}-${account}-${start}-${end}.csv`);
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <StatsCard
        title={t('site.pool.profitStats')}
        data={stats}
        items={(value) => [
          ...earningFigures(t, value, pool.coin),
          { label: t('site.pool.last30d'), value: coinMoney(value.last_30d_profit, pool.coin) },
          { label: t('site.pool.totalProfit'), value: coinMoney(value.total_profit, pool.coin) },
          { label: t('site.mining.totalPaid'), value: coinMoney(value.total_paid, pool.coin) },
        ]}
      />
      <Card title={t('site.pool.export')}>
        <div className={`${uiStyles.row} ${uiStyles.rowBottom}`}>
          <TextField
            label={t('site.pool.startDate')}
            type="date"
            value={start}
            onChange={(event) => setStart(event.target.value)}
          />
          <TextField
            label={t('site.pool.endDate')}
            type="date"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
          />
          <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
            {t('site.pool.exportCsv')}
          </Button>
        </div>
        {rangeError ? <p className={uiStyles.fieldError}>{rangeError}</p> : null}
      </Card>
      <TableCard
        title={t('site.mining.profits')}
        data={list}
        emptyText={t('site.mining.noProfits')}
        rowKey={(row) => row.date}
        columns={[
          ...profitColumns(t, pool.coin),
          {
            key: 'fee',
            header: t('site.mining.fee'),
            cell: (row) => coinMoney(row.fee, pool.coin),
          },
          { key: 'method', header: t('site.home.payout'), cell: (row) => row.pay_method },
        ]}
        footer={pagerFooter(page, setPage)}
      />
    </>
  );
}

/** `/pool/:type/profit`: income totals, the daily list and a CSV export by date range. */
export function Component() {
  const { t } = useTranslation();
  const type = useParams().type ?? '';
  return (
    <PageFrame title={`${type.toUpperCase()} · ${t('site.routes.PoolProfit')}`}>
      <PoolTabs type={type} current="PoolProfit" />
      <AccountGate type={type}>{(context) => <Profits {...context} />}</AccountGate>
    </PageFrame>
  );
}
