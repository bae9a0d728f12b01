import { DEFAULT_TIMEZONE, type PasskeyInfo } from '@poolkit/core';
import { DataCard, type ListWidgetProps, stateTexts } from '../../components/DataState/DataState';
import { RowTable } from '../../lib/RowTable';
import { useCatalogueLabels } from '../../lib/useCatalogueLabels';
import * as widget from '../../lib/widget.css';
import { formatZoned } from '../../lib/zonedTime';

/** A passkey, as `GET /passkeys` (or the recovery call after a password reset) lists it. */
export type PasskeyListItem = Pick<PasskeyInfo, 'id' | 'nickname' | 'created_at' | 'last_used_at'>;

const CATALOGUE = {
  title: 'mining.passkeyListTitle',
  name: 'mining.passkeyListName',
  added: 'mining.passkeyListAdded',
  lastUsed: 'mining.passkeyListLastUsed',
  never: 'mining.passkeyListNever',
  actions: 'mining.passkeyListActions',
  remove: 'mining.passkeyListRemove',
  removeNamed: 'mining.passkeyListRemoveNamed',
  empty: 'mining.passkeyListEmpty',
  error: 'mining.passkeyListError',
  loading: 'mining.passkeyListLoading',
  retry: 'mining.retry',
} as const;

/** Keys of the texts of {@link PasskeyList}; each defaults to core's `mining.*` catalogue. */
export type PasskeyListLabelKey = keyof typeof CATALOGUE;

/** Props of {@link PasskeyList}. */
export interface PasskeyListProps extends Omit<ListWidgetProps, 'footer'> {
  /** The account's passkeys, oldest first. */
  passkeys: readonly PasskeyListItem[];
  /** The user's zone, `UTC±hh:mm`, for the times. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Asks to remove a passkey (the host confirms first); without it there is no remove button. */
  onRemove?: (passkey: PasskeyListItem) => void;
  /** The id of the passkey being removed: its button shows busy and the others wait. */
  removingId?: string | null;
  /** Hides the visible title (the page's heading already says it); the caption stays. */
  hideTitle?: boolean;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<PasskeyListLabelKey, string>>;
}

/**
 * The passkeys of an account (the screen after a password reset too): each one's name,
 * when it was added and when it last signed in ("Never" when it has not), in the user's zone,
 * with a remove button named after the passkey. A passkey still signs in after the password is
 * reset, so this is where the owner finds one planted by whoever held the account. The widget
 * does not fetch or confirm: the host does both. On phones each passkey is a block of labelled
 * lines headed by its name.
 */
export function PasskeyList({
  passkeys,
  timezone = DEFAULT_TIMEZONE,
  onRemove,
  removingId = null,
  labels,
  ...card
}: PasskeyListProps) {
  const { label } = useCatalogueLabels(CATALOGUE, labels);
  const caption = label('title');

  return (
    <DataCard
      {...card}
      title={caption}
      aria-label={caption}
      empty={passkeys.length === 0}
      texts={stateTexts(label, 'loading', 'error', 'empty', 'retry')}
      skeletonHeight={120}
    >
      {() => (
        <RowTable
          caption={caption}
          rows={passkeys}
          getRowKey={(row) => row.id}
          minWidth="420px"
          columns={[
            { key: 'name', header: label('name'), cell: (row) => row.nickname },
            {
              key: 'added',
              header: label('added'),
              cell: (row) => formatZoned(row.created_at, timezone, 'YYYY-MM-DD HH:mm'),
            },
            {
              key: 'lastUsed',
              header: label('lastUsed'),
              cell: (row) =>
                row.last_used_at === null
                  ? label('never')
                  : formatZoned(row.last_used_at, timezone, 'YYYY-MM-DD HH:mm'),
            },
            ...(onRemove === undefined
              ? []
              : [
                  {
                    key: 'actions',
                    header: label('actions'),
                    hiddenHeader: true,
                    end: true,
                    cell: (row: PasskeyListItem) => (
                      <button
                        type="button"
                        className={widget.button}
                        data-variant="danger"
                        data-size="sm"
                        aria-label={label('removeNamed', { name: row.nickname })}
                        aria-busy={removingId === row.id ? true : undefined}
                        disabled={removingId !== null}
                        onClick={() => onRemove(row)}
                      >
                        {label('remove')}
                      </button>
                    ),
                  },
                ]),
          ]}
        />
      )}
    </DataCard>
  );
}
