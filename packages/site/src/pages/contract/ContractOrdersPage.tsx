import { PAGE_SIZE } from '@poolkit/core/constants';
import {
  type ContractOrder,
  type ContractOrderStatus,
  contractOrderStatusSchema,
  MAX_PAGE_SIZE,
} from '@poolkit/core/contract';
import { FormField, Select } from '@poolkit/widgets';
import { OrderTable } from '@poolkit/widgets/OrderTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCsv } from '../../app/csvExport';
import { reportError } from '../../app/feedback';
import { AnswerPager } from '../../app/listControls';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { PageFrame } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { ContractTabs } from './ContractTabs';
import { csvCell } from './contract';

/** `/contract/order`: the user's orders, newest first, filtered by state, with CSV export. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [status, setStatus] = useState<ContractOrderStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter = status === 'all' ? {} : { status };
  const orders = useApiData(
    async (signal) =>
      api.contractOrders({ query: { page, page_size: PAGE_SIZE, ...filter } }, { signal }),
    [status, page],
  );

  /** Every order of the filter, page by page, as one CSV file. */
  async function exportCsv() {
    setExporting(true);
    try {
      const rows: ContractOrder[] = [];
      for (let next = 1; ; next += 1) {
        const answer = await api.contractOrders({
          query: { page: next, page_size: MAX_PAGE_SIZE, ...filter },
        });
        rows.push(...answer.list);
        if (rows.length >= answer.total || answer.list.length === 0) break;
      }
      const lines = [
        [
          t('contracts.order.id'),
          t('contracts.order.product'),
          t('contracts.order.status'),
          t('contracts.order.quantity'),
          t('contracts.order.power'),
          t('contracts.order.payAmount'),
          t('contracts.order.actual'),
          t('contracts.order.createdAt'),
        ],
        ...rows.map((row) => [
          row.id,
          row.product_name,
          t(`status.${row.status}`),
          String(row.quantity),
          String(row.power),
          `${row.pay_amount} ${row.currency}`,
          `${row.actual_earnings} ${row.currency}`,
          row.created_at,
        ]),
      ];
      saveCsv(
        `${lines.map((line) => line.map(csvCell).join(',')).join('\n')}\n`,
        'contract-orders.csv',
      );
    } catch (error) {
      reportError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <PageFrame title={t('site.routes.ContractOrder')}>
      <ContractTabs current="ContractOrder" />
      <OrderTable
        orders={orders.status === 'ready' ? orders.data.list : []}
        loading={orders.status === 'loading'}
        error={orders.status === 'error'}
        onRetry={orders.reload}
        hrefOf={(row) => `/contract/order/${encodeURIComponent(row.id)}`}
        onOpen={(row, event) => {
          event.preventDefault();
          void navigate(`/contract/order/${encodeURIComponent(row.id)}`);
        }}
        onExport={() => void exportCsv()}
        exporting={exporting}
        toolbar={
          <FormField label={t('contracts.order.status')}>
            <Select
              value={status}
              onValueChange={(value) => {
                const parsed = contractOrderStatusSchema.safeParse(value);
                setStatus(parsed.success ? parsed.data : 'all');
                setPage(1);
              }}
              options={[
                { value: 'all', label: t('contracts.orders.all') },
                ...contractOrderStatusSchema.options.map((option) => ({
                  value: option,
                  label: t(`status.${option}`),
                })),
              ]}
            />
          </FormField>
        }
        footer={<AnswerPager answer={orders.data} page={page} onPageChange={setPage} />}
      />
    </PageFrame>
  );
}
