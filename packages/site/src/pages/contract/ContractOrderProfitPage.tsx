import { PAGE_SIZE } from '@poolkit/core/constants';
import type { OrderProfitRow } from '@poolkit/core/contract';
import { Button, Table } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCsv } from '../../app/csvExport';
import { reportError } from '../../app/feedback';
import { hashrate } from '../../app/format';
import { AnswerPager } from '../../app/listControls';
import { useParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, EmptyState, PageFrame, Stats, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { ContractTabs } from './ContractTabs';
import { csvCell } from './contract';

const CSV_PAGE = 100;

/**
 * `/contract/order/:order_id/profit`: the order's mining days, newest first, with the totals,
 * and every day as a CSV file.
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { order_id: orderId = '' } = useParams();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const order = useApiData(
    async (signal) => api.contractOrder({ params: { order_id: orderId } }, { signal }),
    [orderId],
  );
  const profits = useApiData(
    async (signal) =>
      api.contractOrderProfits(
        { params: { order_id: orderId }, query: { page, page_size: PAGE_SIZE } },
        { signal },
      ),
    [orderId, page],
  );
  const coin = order.status === 'ready' ? order.data.coin : 'btc';
  const symbol = order.status === 'ready' ? order.data.currency : '';

  async function exportCsv() {
    setExporting(true);
    try {
      const rows: OrderProfitRow[] = [];
      for (let next = 1; ; next += 1) {
        const part = await api.contractOrderProfits({
          params: { order_id: orderId },
          query: { page: next, page_size: CSV_PAGE },
        });
        rows.push(...part.list);
        if (rows.length >= part.total || part.list.length === 0) break;
      }
      const header = [
        t('contracts.profit.date'),
        t('contracts.order.power'),
        t('contracts.profit.gross'),
        t('contracts.product.electricity'),
        t('contracts.product.management'),
        t('contracts.profit.net'),
      ];
      const lines = rows.map((row) =>
        [row.date, row.power, row.amount, row.electricity_fee, row.management_fee, row.net_amount]
          .map(csvCell)
          .join(','),
      );
      saveCsv(
        [header.map(csvCell).join(','), ...lines].join('\n'),
        `contract-order-${orderId}.csv`,
      );
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <PageFrame
      title={`${t('site.routes.ContractOrderProfit')} #${orderId}`}
      actions={
        <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
          {t('contracts.profit.export')}
        </Button>
      }
    >
      <ContractTabs current={null} />
      {profits.status === 'ready' ? (
        <Card>
          <Stats
            items={[
              {
                label: t('contracts.profit.totalGross'),
                value: `${profits.data.total_amount} ${symbol}`,
              },
              {
                label: t('contracts.profit.totalNet'),
                value: `${profits.data.total_net_amount} ${symbol}`,
              },
            ]}
          />
        </Card>
      ) : null}
      <Card>
        <Table<OrderProfitRow>
          caption={t('contracts.profit.caption')}
          rows={profits.status === 'ready' ? profits.data.list : []}
          getRowKey={(row) => row.date}
          loading={profits.status === 'loading'}
          density="compact"
          labels={{ empty: t('contracts.profit.empty') }}
          error={
            profits.status === 'error' ? (
              <EmptyState text={t('site.common.loadFailed')} />
            ) : undefined
          }
          columns={[
            { key: 'date', header: t('contracts.profit.date'), cell: (row) => row.date },
            {
              key: 'power',
              header: t('contracts.order.power'),
              numeric: true,
              cell: (row) => hashrate(row.power, coin),
            },
            {
              key: 'gross',
              header: t('contracts.profit.gross'),
              numeric: true,
              cell: (row) => row.amount,
            },
            {
              key: 'electricity',
              header: t('contracts.product.electricity'),
              numeric: true,
              cell: (row) => row.electricity_fee,
            },
            {
              key: 'management',
              header: t('contracts.product.management'),
              numeric: true,
              cell: (row) => row.management_fee,
            },
            {
              key: 'net',
              header: t('contracts.profit.net'),
              numeric: true,
              cell: (row) => row.net_amount,
            },
          ]}
        />
        <AnswerPager answer={profits.data} page={page} onPageChange={setPage} />
        <p className={uiStyles.spacedAbove}>
          <AppLink to={`/contract/order/${encodeURIComponent(orderId)}`} className={uiStyles.link}>
            {t('site.routes.ContractOrderDetail')}
          </AppLink>
        </p>
      </Card>
    </PageFrame>
  );
}
