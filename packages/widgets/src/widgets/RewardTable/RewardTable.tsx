import { COIN_DISPLAY, type InviteReward } from '@poolkit/core';
import { DataCard, type ListWidgetProps, stateTexts } from '../../components/DataState/DataState';
import { ExportButton, RowTable } from '../../lib/RowTable';
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
export interface RewardTableProps extends ListWidgetProps {
  /** One page of rewards, newest first. */
  rewards: readonly RewardTableRow[];
  /** Exports the rewards (every page, the host's CSV): adds an export button. */
  onExport?: () => void;
  /** Shows the export button as busy while the export runs. Default `false`. */
  exporting?: boolean;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<RewardTableLabelKey, string>>;
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
  labels,
  ...card
}: RewardTableProps) {
  const { label } = useCatalogueLabels(CATALOGUE, labels);
  const caption = label('title');

  return (
    <DataCard
      {...card}
      title={caption}
      aria-label={caption}
      actions={
        onExport ? (
          <ExportButton
            label={label('export')}
            exporting={exporting}
            disabled={card.loading || Boolean(card.error) || rewards.length === 0}
            onExport={onExport}
          />
        ) : null
      }
      lead={<p className={widget.note}>{label('asOf')}</p>}
      empty={rewards.length === 0}
      texts={stateTexts(label, 'loading', 'error', 'empty', 'retry')}
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
    </DataCard>
  );
}
