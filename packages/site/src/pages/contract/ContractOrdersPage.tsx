import {
  type ContractOrder,
  type ContractOrderStatus,
  contractOrderStatusSchema,
  PAGE_SIZE,
} from '@poolkit/core';
import { Button, FormField, Select, StatusTag, Table } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinAmount, dateTime, hashrate } from '../../app/format';
import { Pager } from '../../app/sections';
import { useServices } from '../../app/servicesContext';
import { AppLink, Card, EmptyState, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { ContractTabs } from './ContractTabs';
import { orderTone } from './contract';

/** `/contract/order`: the user's orders, newest first, filtered by state. */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [status, setStatus] = useState<ContractOrderStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const orders = useApiData(
    async (signal) =>
      api.contractOrders(
        {
          query: {
            page,
            page_size: PAGE_SIZE,
            ...(status === 'all' ? {} : { status }),
          },
        },
        { signal },
      ),
    [status, page],
  );
  return (
    <PageFrame title={t('site.routes.ContractOrder')}>
      <ContractTabs current="ContractOrder" />
      <Card>
        <div className={uiStyles.row}>
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
        </div>
        <Table<ContractOrder>
          caption={t('contracts.orders.caption')}
          rows={orders.status === 'ready' ? orders.data.list : []}
          getRowKey={(row) => row.id}
          loading={orders.status === 'loading'}
          density="compact"
          labels={{ empty: t('contracts.orders.empty') }}
          error={
            orders.status === 'error' ? (
              <EmptyState
                text={t('site.common.loadFailed')}
                action={
                  <Button variant="secondary" size="sm" onClick={orders.reload}>
                    {t('common.retry')}
                  </Button>
                }
              />
            ) : undefined
          }
          columns={[
            {
              key: 'id',
              header: t('contracts.order.id'),
              cell: (row) => (
                <AppLink to={`/contract/order/${encodeURIComponent(row.id)}`}>#{row.id}</AppLink>
              ),
            },
            {
              key: 'product',
              header: t('contracts.order.product'),
              cell: (row) => row.product_name,
            },
            {
              key: 'status',
              header: t('contracts.order.status'),
              cell: (row) => (
                <StatusTag tone={orderTone(row.status)}>{t(`status.${row.status}`)}</StatusTag>
              ),
            },
            {
              key: 'power',
              header: t('contracts.order.power'),
              numeric: true,
              cell: (row) => hashrate(row.power, row.coin),
            },
            {
              key: 'pay',
              header: t('contracts.order.payAmount'),
              numeric: true,
              cell: (row) => `${row.pay_amount} ${row.currency}`,
            },
            {
              key: 'actual',
              header: t('contracts.order.actual'),
              numeric: true,
              cell: (row) => `${coinAmount(row.actual_earnings, row.coin)} ${row.currency}`,
            },
            {
              key: 'created',
              header: t('contracts.order.createdAt'),
              cell: (row) => dateTime(row.created_at),
            },
          ]}
        />
        {orders.status === 'ready' && orders.data.total > orders.data.page_size ? (
          <Pager
            page={page}
            pageSize={orders.data.page_size}
            total={orders.data.total}
            onPageChange={setPage}
          />
        ) : null}
      </Card>
    </PageFrame>
  );
}
