/** The colour family a UI gives a status dot or tag (always with the word beside it). */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

/** How to show one status: its i18n key (namespace `status`) and its tone. */
export interface StatusLabel {
  /** The i18n key, `status.<key>`; `<key>` is a key of the `status` group in `i18n/locales/en.ts`. */
  readonly i18nKey: `status.${string}`;
  readonly tone: StatusTone;
}

/**
 * The generic labels of spec section 4; the groups below share them where a word means the same
 * thing.
 */
const GENERIC_LABELS = {
  unpaid: { i18nKey: 'status.unpaid', tone: 'warning' },
  review: { i18nKey: 'status.review', tone: 'info' },
  pending: { i18nKey: 'status.pending', tone: 'info' },
  effect: { i18nKey: 'status.effect', tone: 'success' },
  finish: { i18nKey: 'status.finish', tone: 'neutral' },
  failed: { i18nKey: 'status.failed', tone: 'danger' },
  succeed: { i18nKey: 'status.succeed', tone: 'success' },
  inactive: { i18nKey: 'status.inactive', tone: 'warning' },
  activated: { i18nKey: 'status.activated', tone: 'success' },
  expired: { i18nKey: 'status.expired', tone: 'neutral' },
  init: { i18nKey: 'status.init', tone: 'neutral' },
  payment: { i18nKey: 'status.payment', tone: 'info' },
  done: { i18nKey: 'status.done', tone: 'success' },
  reject: { i18nKey: 'status.reject', tone: 'danger' },
  manual: { i18nKey: 'status.manual', tone: 'warning' },
  checking: { i18nKey: 'status.checking', tone: 'info' },
} as const satisfies Record<string, StatusLabel>;

/**
 * Every status the product shows (spec sections 3 and 4), grouped by what it describes, each
 * with its i18n key and tone. The same word keeps one i18n key where it means the same thing
 * (coupon and red packet `expired`); where a group gives a word another meaning, the key carries
 * the group's name (`status.walletPending` is "processing", the generic `status.pending` is
 * "awaiting effect"; `status.minerInactive` is a silent miner, `status.inactive` a packet not yet
 * activated).
 *
 * Decision: contract orders use the generic labels the spec lists for them (unpaid, review,
 * pending, effect, finish, reject) plus `uploaded` (certificate uploaded) and `cancelled` named
 * in its section 4.
 *
 * @example
 * const { i18nKey, tone } = STATUS_LABELS.miner[minerStatus(lastShare, now)];
 * // t(i18nKey) → 'Inactive', tone → 'warning'
 */
export const STATUS_LABELS = {
  /** The generic labels of spec section 4. */
  generic: GENERIC_LABELS,
  /** Wallet transaction outcomes. */
  wallet: {
    successful: { i18nKey: 'status.successful', tone: 'success' },
    failed: GENERIC_LABELS.failed,
    pending: { i18nKey: 'status.walletPending', tone: 'info' },
  },
  /** Miner connection states (`minerStatus`). */
  miner: {
    active: { i18nKey: 'status.active', tone: 'success' },
    inactive: { i18nKey: 'status.minerInactive', tone: 'warning' },
    dead: { i18nKey: 'status.dead', tone: 'danger' },
  },
  /** Red packet states (`redPacketStatus`). */
  redPacket: {
    inactive: GENERIC_LABELS.inactive,
    activated: GENERIC_LABELS.activated,
    expired: GENERIC_LABELS.expired,
    invalid: { i18nKey: 'status.invalid', tone: 'danger' },
  },
  /** Coupon states (`couponStatus`). */
  coupon: {
    unused: { i18nKey: 'status.unused', tone: 'info' },
    in_use: { i18nKey: 'status.inUse', tone: 'success' },
    used: { i18nKey: 'status.used', tone: 'neutral' },
    expired: GENERIC_LABELS.expired,
  },
  /** Contract order states. */
  order: {
    unpaid: GENERIC_LABELS.unpaid,
    uploaded: { i18nKey: 'status.uploaded', tone: 'info' },
    review: GENERIC_LABELS.review,
    pending: GENERIC_LABELS.pending,
    effect: GENERIC_LABELS.effect,
    finish: GENERIC_LABELS.finish,
    reject: GENERIC_LABELS.reject,
    cancelled: { i18nKey: 'status.cancelled', tone: 'neutral' },
  },
  /** Payment record states. */
  payment: {
    pending: { i18nKey: 'status.paymentPending', tone: 'warning' },
    confirmed: { i18nKey: 'status.confirmed', tone: 'success' },
  },
  /** Account cancellation states (`cancellationState`). */
  cancellation: {
    pending: { i18nKey: 'status.cancellationPending', tone: 'warning' },
    final: { i18nKey: 'status.cancellationFinal', tone: 'danger' },
  },
  /** Sub-account states. */
  subAccount: {
    normal: { i18nKey: 'status.normal', tone: 'success' },
    abnormal: { i18nKey: 'status.abnormal', tone: 'danger' },
  },
} as const satisfies Record<string, Record<string, StatusLabel>>;

/** A group of {@link STATUS_LABELS}: `'miner'`, `'coupon'`, … */
export type StatusGroup = keyof typeof STATUS_LABELS;

/** A status of one group, e.g. `StatusOf<'coupon'>` is `'unused' | 'in_use' | 'used' | 'expired'`. */
export type StatusOf<G extends StatusGroup> = keyof (typeof STATUS_LABELS)[G] & string;

/**
 * The label of a status known only at run time (a string from the API), or `undefined` when the
 * group has no such status.
 *
 * @example statusLabel('payment', apiRow.status)?.i18nKey
 */
export function statusLabel(group: StatusGroup, status: string): StatusLabel | undefined {
  const labels: Readonly<Record<string, StatusLabel>> = STATUS_LABELS[group];
  return Object.hasOwn(labels, status) ? labels[status] : undefined;
}
