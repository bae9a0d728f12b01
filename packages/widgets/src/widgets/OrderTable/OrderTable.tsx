import {
  COIN_DISPLAY,
  type ContractOrder,
  DEFAULT_TIMEZONE,
  enContracts,
  formatCoinAmount,
  formatCoinHashrate,
  STATUS_LABELS,
} from '@poolkit/core';
import type { MouseEvent, ReactNode } from 'react';
import { DataCard, type ListWidgetProps, stateTexts } from '../../components/DataState/DataState';
import { StatusBadge } from '../../lib/parts';
import { ExportButton, RowTable } from '../../lib/RowTable';
import * as rowTable from '../../lib/rowTable.css';
import { useCatalogueLabels } from '../../lib/useCatalogueLabels';
import { formatZoned } from '../../lib/zonedTime';

/**
 * The English of this widget's texts (core's `contracts` group): `PoolKitProvider` holds only
 * the groups every widget shows.
 */
const ENGLISH = { contracts: enContracts };

/** An order line, as `GET /contracts/orders` lists it. */
export type OrderTableRow = Pick<
  ContractOrder,
  | 'id'
  | 'product_name'
  | 'coin'
  | 'status'
  | 'power'
  | 'pay_amount'
  | 'currency'
  | 'actual_earnings'
  | 'created_at'
>;

const CATALOGUE = {
  caption: 'contracts.orders.caption',
  id: 'contracts.order.id',
  product: 'contracts.order.product',
  status: 'contracts.order.status',
  power: 'contracts.order.power',
  payAmount: 'contracts.order.payAmount',
  actual: 'contracts.order.actual',
  createdAt: 'contracts.order.createdAt',
  empty: 'contracts.orders.empty',
  export: 'contracts.profit.export',
  loading: 'widgets.loading',
  error: 'contracts.orders.error',
  retry: 'common.retry',
} as const;

/** Keys of the texts of {@link OrderTable}; each defaults to core's `contracts.*`. */
export type OrderTableLabelKey = keyof typeof CATALOGUE;

/** Props of {@link OrderTable}. */
export interface OrderTableProps extends Omit<ListWidgetProps, 'headingLevel'> {
  /** One page of orders, newest first. */
  orders: readonly OrderTableRow[];
  /** The user's zone, `UTC±hh:mm`, for order times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** An order's page (`/contract/order/:order_id`): the order ID becomes a link to it. */
  hrefOf?: (row: OrderTableRow) => string;
  /** Called when an order link is clicked (a router can `preventDefault` and navigate). */
  onOpen?: (row: OrderTableRow, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Exports the orders (every page, the host's CSV): adds an export button. */
  onExport?: () => void;
  /** Shows the export button as busy while the export runs. Default `false`. */
  exporting?: boolean;
  /** Above the table beside the export button, e.g. the host's state filter. */
  toolbar?: ReactNode;
  /** What the empty state says, e.g. that no order has the chosen state. */
  emptyMessage?: ReactNode;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<OrderTableLabelKey, string>>;
}

/**
 * The user's cloud-mining contract orders (spec sections 3 and 4): order ID (a link to the
 * order), contract, state as a tag with the word (unpaid, under review, awaiting effect, in
 * effect, finished, rejected, cancelled), hashrate, pay amount, actual earnings so far in the
 * coin's display decimals, order time in the user's zone. One page at a time (paging is the
 * host's `footer`); an export button calls the host's `onExport`. On phones each order is a
 * block of labelled lines headed by its ID.
 */
export function OrderTable({
  orders,
  timezone = DEFAULT_TIMEZONE,
  hrefOf,
  onOpen,
  onExport,
  exporting = false,
  toolbar,
  loading,
  error,
  emptyMessage,
  labels,
  ...card
}: OrderTableProps) {
  const { label, t } = useCatalogueLabels(CATALOGUE, labels, ENGLISH);
  const caption = label('caption');

  return (
    <DataCard
      {...card}
      loading={loading}
      error={error}
      aria-label={caption}
      lead={
        toolbar || onExport ? (
          <div className={rowTable.toolbar}>
            <div>{toolbar}</div>
            {onExport ? (
              <ExportButton
                label={label('export')}
                exporting={exporting}
                disabled={loading || Boolean(error) || orders.length === 0}
                onExport={onExport}
              />
            ) : null}
          </div>
        ) : null
      }
      empty={orders.length === 0}
      texts={stateTexts(label, 'loading', 'error', 'empty', 'retry', emptyMessage)}
    >
      {() => (
        <RowTable
          caption={caption}
          rows={orders}
          getRowKey={(row) => row.id}
          minWidth="760px"
          rowData={(row) => ({ 'data-status': row.status })}
          columns={[
            {
              key: 'id',
              header: label('id'),
              cell: (row) =>
                hrefOf ? (
                  <a
                    className={rowTable.link}
                    href={hrefOf(row)}
                    onClick={onOpen ? (event) => onOpen(row, event) : undefined}
                  >
                    #{row.id}
                  </a>
                ) : (
                  `#${row.id}`
                ),
            },
            { key: 'product', header: label('product'), cell: (row) => row.product_name },
            {
              key: 'status',
              header: label('status'),
              cell: (row) => {
                const status = STATUS_LABELS.order[row.status];
                return <StatusBadge tone={status.tone}>{t(status.i18nKey)}</StatusBadge>;
              },
            },
            {
              key: 'power',
              header: label('power'),
              end: true,
              cell: (row) => formatCoinHashrate(row.power, row.coin),
            },
            {
              key: 'pay',
              header: label('payAmount'),
              end: true,
              cell: (row) => `${row.pay_amount} ${row.currency}`,
            },
            {
              key: 'actual',
              header: label('actual'),
              end: true,
              cell: (row) =>
                `${formatCoinAmount(row.actual_earnings, row.coin)} ${COIN_DISPLAY[row.coin].symbol}`,
            },
            {
              key: 'created',
              header: label('createdAt'),
              cell: (row) => formatZoned(row.created_at, timezone),
            },
          ]}
        />
      )}
    </DataCard>
  );
}
