import { COIN_DISPLAY, type InviteReward } from '@poolkit/core';
import type { ReactNode } from 'react';
import { DataState, ListCard } from '../../components/DataState/DataState';
import { RowTable } from '../../lib/RowTable';
import { useCatalogueLabels } from '../../lib/useCatalogueLabels';
import * as widget from '../../lib/widget.css';

/** A daily invitation reward, as `GET /invitations/rewards` lists them. */
export type RewardTableRow = Pick<InviteReward, 'date' | 'coin' | 'invitee' | 'revenue' | 'amount'>;

const CATALOGUE = {
  title: 'mining.rewardsTitle',
  asOf: 'mining.rewardsAsOf',
  date: 'mining.rewardDate',
  invitee: 'mining.inviteeUser',
  revenue: 'mining.inviteeRevenue',
  reward: 'mining.inviteeReward',
  export: 'mining.rewardsExport',
  empty: 'mining.rewardsEmpty',
  error: 'mining.rewardsError',
  loading: 'widgets.loading',
  retry: 'mining.retry',
} as const;

/** Keys of the texts of {@link RewardTable}; each defaults to core's catalogue. */
export type RewardTableLabelKey = keyof typeof CATALOGUE;

/** Props of {@link RewardTable}. */
export interface RewardTableProps {
  /** One page of rewards, newest first. */
  rewards: readonly RewardTableRow[];
  /** Exports the rewards (every page, the host's CSV): adds an export button. */
  onExport?: () => void;
  /** Shows the export button as busy while the export runs. Default `false`. */
  exporting?: boolean;
  /** Shows a skeleton. Default `false`. */
  loading?: boolean;
  /** An error to show; `true` shows the generic message. */
  error?: ReactNode;
  /** Shows a retry button in the error state. */
  onRetry?: () => void;
  /** Under the table, e.g. the base `Pagination`. */
  footer?: ReactNode;
  /** Heading level of the title. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<RewardTableLabelKey, string>>;
  /** Extra class on the section. */
  className?: string;
}

/**
 * An amount as the ledger holds it (the coin's chain precision, as paid: a 0.2 % reward is often
 * below the display decimals), with the coin's symbol.
 */
function amountOf(amount: string, coin: RewardTableRow['coin']): string {
  return `${amount} ${COIN_DISPLAY[coin].symbol}`;
}

/**
 * The caller's invitation rewards (spec section 9, `/user/invite`): per day, coin and invitee
 * (masked), the invitee's revenue of that day and the 0.2 % paid for it, settled the next day
 * with statistics as of 09:50 UTC+8 (said above the table). One page at a time: paging is the
 * host's (`footer`); an export button calls the host's `onExport`. On phones each reward is a
 * block of labelled lines headed by its date.
 */
export function RewardTable({
  rewards,
  onExport,
  exporting = false,
  loading = false,
  error,
  onRetry,
  footer,
  headingLevel = 3,
  labels,
  className,
}: RewardTableProps) {
  const { label } = useCatalogueLabels(CATALOGUE, labels);
  const caption = label('title');

  return (
    <ListCard
      title={caption}
      headingLevel={headingLevel}
      actions={
        onExport ? (
          <button
            type="button"
            className={widget.button}
            data-variant="secondary"
            data-size="sm"
            aria-busy={exporting || undefined}
            disabled={loading || Boolean(error) || rewards.length === 0}
            onClick={exporting ? undefined : onExport}
          >
            {label('export')}
          </button>
        ) : null
      }
      footer={footer}
      className={className}
      aria-label={caption}
    >
      <p className={widget.note}>{label('asOf')}</p>
      <DataState
        loading={loading}
        error={error}
        onRetry={onRetry}
        empty={rewards.length === 0}
        loadingLabel={label('loading')}
        errorText={label('error')}
        retryLabel={label('retry')}
        emptyMessage={label('empty')}
        skeletonHeight={200}
      >
        {() => (
          <RowTable
            caption={caption}
            rows={rewards}
            getRowKey={(row) => `${row.date}-${row.coin}-${row.invitee}`}
            columns={[
              { key: 'date', header: label('date'), cell: (row) => row.date },
              { key: 'invitee', header: label('invitee'), cell: (row) => row.invitee },
              {
                key: 'revenue',
                header: label('revenue'),
                end: true,
                cell: (row) => amountOf(row.revenue, row.coin),
              },
              {
                key: 'reward',
                header: label('reward'),
                end: true,
                cell: (row) => amountOf(row.amount, row.coin),
              },
            ]}
          />
        )}
      </DataState>
    </ListCard>
  );
}
