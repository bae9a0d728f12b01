import { COIN_DISPLAY, type CoinId, DEFAULT_TIMEZONE, type Invitee } from '@poolkit/core';
import { DataCard, type ListWidgetProps, stateTexts } from '../../components/DataState/DataState';
import { StatusBadge } from '../../lib/parts';
import { RowTable } from '../../lib/RowTable';
import { useCatalogueLabels } from '../../lib/useCatalogueLabels';
import { formatZoned } from '../../lib/zonedTime';

/** An invited user, as `GET /invitations/invitees` lists them. */
export type InviteeTableRow = Pick<Invitee, 'username' | 'registered_at' | 'mining' | 'earnings'>;

const CATALOGUE = {
  title: 'mining.inviteesTitle',
  user: 'mining.inviteeUser',
  registered: 'mining.inviteeRegistered',
  mining: 'mining.inviteeMining',
  miningYes: 'mining.inviteeMiningYes',
  miningNo: 'mining.inviteeMiningNo',
  revenue: 'mining.inviteeRevenue',
  reward: 'mining.inviteeReward',
  empty: 'mining.inviteesEmpty',
  error: 'mining.inviteesError',
  loading: 'widgets.loading',
  retry: 'mining.retry',
} as const;

/** Keys of the texts of {@link InviteeTable}; each defaults to core's catalogue. */
export type InviteeTableLabelKey = keyof typeof CATALOGUE;

/** Props of {@link InviteeTable}. */
export interface InviteeTableProps extends ListWidgetProps {
  /** One page of invitees, newest first. */
  invitees: readonly InviteeTableRow[];
  /** The user's zone, `UTC±hh:mm`, for registration times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Hides the visible title (the page's heading already says it); the caption stays. */
  hideTitle?: boolean;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<InviteeTableLabelKey, string>>;
}

/**
 * Amounts of several coins on one line (`0.00024691 BTC · 0.0125 LTC`, `0` for none), as the
 * ledger holds them (a 0.2 % reward is often below the display decimals), as InvitationCard
 * shows the rewards paid.
 */
function perCoin(amounts: readonly { coin: CoinId; amount: string }[]): string {
  if (amounts.length === 0) return '0';
  return amounts.map(({ coin, amount }) => `${amount} ${COIN_DISPLAY[coin].symbol}`).join(' · ');
}

/**
 * The users the caller invited (spec section 9, `/user/invite`): the masked user name, when they
 * registered (in the user's zone), whether they mined in the last 24 hours as a tag with the
 * word, and per coin their revenue that rewards were paid on and the caller's reward from it
 * (0.2 %). One page at a time: paging is the host's (`footer`). On phones each invitee is a
 * block of labelled lines headed by the name.
 */
export function InviteeTable({
  invitees,
  timezone = DEFAULT_TIMEZONE,
  labels,
  ...card
}: InviteeTableProps) {
  const { label } = useCatalogueLabels(CATALOGUE, labels);
  const caption = label('title');

  return (
    <DataCard
      {...card}
      title={caption}
      aria-label={caption}
      empty={invitees.length === 0}
      texts={stateTexts(label, 'loading', 'error', 'empty', 'retry')}
      skeletonHeight={200}
    >
      {() => (
        <RowTable
          caption={caption}
          rows={invitees}
          getRowKey={(row) => `${row.username}-${row.registered_at}`}
          columns={[
            { key: 'user', header: label('user'), cell: (row) => row.username },
            {
              key: 'registered',
              header: label('registered'),
              cell: (row) => formatZoned(row.registered_at, timezone),
            },
            {
              key: 'mining',
              header: label('mining'),
              cell: (row) => (
                <StatusBadge tone={row.mining ? 'success' : 'neutral'}>
                  {label(row.mining ? 'miningYes' : 'miningNo')}
                </StatusBadge>
              ),
            },
            {
              key: 'revenue',
              header: label('revenue'),
              end: true,
              cell: (row) =>
                perCoin(row.earnings.map((sum) => ({ coin: sum.coin, amount: sum.revenue }))),
            },
            {
              key: 'reward',
              header: label('reward'),
              end: true,
              cell: (row) =>
                perCoin(row.earnings.map((sum) => ({ coin: sum.coin, amount: sum.reward }))),
            },
          ]}
        />
      )}
    </DataCard>
  );
}
