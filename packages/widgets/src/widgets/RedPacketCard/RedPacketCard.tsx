import {
  type CoinInfo,
  canActivateRedPacket,
  DEFAULT_TIMEZONE,
  formatDecimal,
  formatHashrate,
  type RedPacket,
  type RedPacketCampaign,
  type RedPacketStatus,
  redPacketStatus,
  STATUS_LABELS,
} from '@poolkit/core';
import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { LoadingBlock } from '../../components/DataState/StateBlocks';
import { cx } from '../../internal/cx';
import { interpolate, useLabels } from '../../lib/useMiningT';
import { useNow } from '../../lib/useNow';
import * as widget from '../../lib/widget.css';
import { formatZoned, isoToMs } from '../../lib/zonedTime';
import * as styles from './RedPacketCard.css';

/** The fields of a received red packet the card shows. */
export type RedPacketCardPacket = Pick<
  RedPacket,
  | 'name'
  | 'hashrate'
  | 'duration_days'
  | 'activation_deadline'
  | 'status'
  | 'activated_at'
  | 'ends_at'
  | 'total_profit'
>;

/** A packet on offer (its campaign, as `GET /red-packets/{packet_id}` answers), before it is received. */
export type RedPacketCardOffer = Pick<
  RedPacketCampaign,
  'name' | 'hashrate' | 'duration_days' | 'remaining' | 'ends_at' | 'received' | 'open'
>;

/**
 * Why receiving was refused, from the server's answer: the email is not the one bound to the
 * account (400 naming `email`), one of the campaign was already received (40910), every packet
 * is taken (40911), the campaign is disabled or past its deadline (40912).
 */
export type RedPacketReceiveError = 'emailMismatch' | 'alreadyReceived' | 'gone' | 'closed';

/** The texts of the receive step and where each defaults to in core's catalogue. */
const RECEIVE_CATALOGUE = {
  receiveTitle: 'mining.packetReceiveTitle',
  receivingEmail: 'mining.packetReceivingEmail',
  receivingEmailHint: 'mining.packetReceivingEmailHint',
  receive: 'mining.packetReceive',
  signInToReceive: 'mining.packetSignInToReceive',
  signIn: 'mining.packetSignIn',
  register: 'mining.packetRegister',
  packetsLeft: 'mining.packetsLeft',
  emailRequired: 'validation.emailRequired',
  emailInvalid: 'validation.emailInvalid',
  emailMismatch: 'validation.redPacketEmailMismatch',
  alreadyReceived: 'errors.redPacketAlreadyReceived',
  gone: 'errors.redPacketsGone',
  closed: 'errors.redPacketClosed',
} as const;

/** Keys of the texts of the receive step; each defaults to core's catalogue (see the source). */
export type RedPacketReceiveLabelKey = keyof typeof RECEIVE_CATALOGUE;

/** A light check of an email's shape before it is sent; the server checks it fully. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How amounts of the packet's coin are shown: pass `COINS[packet.coin]` (core). */
export type RedPacketCoin = Pick<CoinInfo, 'symbol' | 'displayDecimals' | 'hashrateUnit'>;

/** Keys of the texts of {@link RedPacketCard}; each defaults to `t('mining.<key>')`. */
export type RedPacketCardLabelKey =
  | 'redPacket'
  | 'packetHashrate'
  | 'packetDuration'
  | 'packetDays'
  | 'activationDeadline'
  | 'totalProfit'
  | 'incomeUntil'
  | 'activate'
  | 'activateHint'
  | 'packetLoading';

/** Props of {@link RedPacketCard}. */
export interface RedPacketCardProps {
  /** The packet, as `GET /users/red-packets` lists it. */
  packet?: RedPacketCardPacket;
  /**
   * A packet on offer, not yet received (the page of a shared link): without `packet`, the card
   * shows what it gives and the receive step.
   */
  offer?: RedPacketCardOffer;
  /** Whether the visitor is signed in; signed out, the receive step links to sign in and register. Default `true`. */
  signedIn?: boolean;
  /** Sign-in page that brings the visitor back here. */
  signInHref?: string;
  /** Registration page that brings the visitor back here. */
  registerHref?: string;
  /** Called when a sign-in or register link is clicked (a router can `preventDefault` and navigate). */
  onNavigate?: (href: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Receives the offer with the email entered (checked for its shape first). */
  onReceive?: (email: string) => void;
  /** Shows the receive button as busy while the call runs. Default `false`. */
  receiving?: boolean;
  /**
   * Why the last receive was refused; a mismatching email shows at the field until edited. Set
   * it back to `null` when a new receive starts.
   */
  receiveError?: RedPacketReceiveError | null;
  /** Overrides of the receive step's texts, by key. */
  receiveLabels?: Partial<Record<RedPacketReceiveLabelKey, string>>;
  /** The packet's coin, e.g. `COINS[packet.coin]`. */
  coin: RedPacketCoin;
  /**
   * The time its state is judged at (epoch ms): an inactive packet past its deadline shows as
   * expired. Default: the clock, checked every minute.
   */
  now?: number;
  /** The user's zone, `UTC±hh:mm`, for dates. Default `'UTC+00:00'`. */
  timezone?: string;
  /** Activates the packet; the button shows only while it can be activated. */
  onActivate?: () => void;
  /** Shows the activate button as busy while the call runs. Default `false`. */
  activating?: boolean;
  /** Shows a skeleton (also when `packet` is missing). Default `false`. */
  loading?: boolean;
  /** Heading level of the name. Default `3`. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Overrides of the texts, by key. */
  labels?: Partial<Record<RedPacketCardLabelKey, string>>;
  /** Extra class on the card. */
  className?: string;
}

/**
 * The state to show: an `inactive` or `activated` packet is judged again at `now` with core's
 * `redPacketStatus`, so one whose deadline has passed shows as invalid (and one past its end as
 * expired) before the server's job says so; the other states are final.
 */
function stateOf(packet: RedPacketCardPacket, now: number): RedPacketStatus {
  if (packet.status !== 'inactive' && packet.status !== 'activated') return packet.status;
  return redPacketStatus({
    activatedAtMs: packet.activated_at ? isoToMs(packet.activated_at) : null,
    activationDeadlineMs: isoToMs(packet.activation_deadline),
    endsAtMs: packet.ends_at ? isoToMs(packet.ends_at) : null,
    nowMs: now,
  });
}

/**
 * A received hashrate red packet (spec sections 3 and 4): its name, the hashrate it gives and
 * for how long, its state (inactive, activated, expired, invalid) as a tag with the word, the
 * activation deadline, the profit so far, and an activate action while it may still be
 * activated (income starts once active).
 */
export function RedPacketCard({
  packet,
  offer,
  signedIn = true,
  signInHref,
  registerHref,
  onNavigate,
  onReceive,
  receiving = false,
  receiveError = null,
  receiveLabels,
  coin,
  now,
  timezone = DEFAULT_TIMEZONE,
  onActivate,
  activating = false,
  loading = false,
  headingLevel = 3,
  labels,
  className,
}: RedPacketCardProps) {
  const { label, t } = useLabels(labels);
  const baseId = useId();
  const nowMs = useNow(now, 60_000);
  const Heading = `h${headingLevel}` as const;

  if (!loading && !packet && offer) {
    return (
      <OfferView
        offer={offer}
        coin={coin}
        timezone={timezone}
        signedIn={signedIn}
        signInHref={signInHref}
        registerHref={registerHref}
        onNavigate={onNavigate}
        onReceive={onReceive}
        receiving={receiving}
        receiveError={receiveError}
        receiveLabels={receiveLabels}
        headingLevel={headingLevel}
        labels={labels}
        className={className}
      />
    );
  }

  if (loading || !packet) {
    return (
      <article className={cx(widget.card, styles.packet, className)}>
        <LoadingBlock label={label('packetLoading')} height={148} />
      </article>
    );
  }

  const state = stateOf(packet, nowMs);
  const tag = STATUS_LABELS.redPacket[state];
  const canActivate = canActivateRedPacket(state);
  const profit = formatDecimal(packet.total_profit, coin.displayDecimals, { rounding: 'down' });

  return (
    <article className={cx(widget.card, styles.packet, className)} data-state={state}>
      <div className={styles.titleRow}>
        <Heading className={widget.title}>{packet.name || label('redPacket')}</Heading>
        <span className={widget.statusTag} data-tone={tag.tone}>
          {t(tag.i18nKey)}
        </span>
      </div>
      <dl className={widget.statGrid}>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{label('packetHashrate')}</dt>
          <dd className={widget.statValue}>{formatHashrate(packet.hashrate, coin.hashrateUnit)}</dd>
        </div>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{label('packetDuration')}</dt>
          <dd className={widget.statValue}>
            {label('packetDays', { count: packet.duration_days })}
          </dd>
        </div>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{label('totalProfit')}</dt>
          <dd className={widget.statValue}>
            {profit}
            <span className={widget.unit}>{coin.symbol}</span>
          </dd>
        </div>
      </dl>
      <div className={styles.footer}>
        <span className={styles.deadline}>
          {state === 'activated' && packet.ends_at
            ? label('incomeUntil', {
                date: formatZoned(packet.ends_at, timezone, 'YYYY-MM-DD HH:mm'),
              })
            : `${label('activationDeadline')}: ${formatZoned(packet.activation_deadline, timezone, 'YYYY-MM-DD HH:mm')}`}
        </span>
        {canActivate && onActivate ? (
          <button
            type="button"
            className={widget.button}
            aria-busy={activating || undefined}
            aria-describedby={`${baseId}-hint`}
            onClick={activating ? undefined : onActivate}
          >
            {label('activate')}
          </button>
        ) : null}
      </div>
      {canActivate ? (
        <p id={`${baseId}-hint`} className={styles.hint}>
          {label('activateHint')}
        </p>
      ) : null}
    </article>
  );
}

/**
 * A packet on offer (spec sections 3 and 5): what it gives, the packets left, until when it can
 * be received, and the receive step: the receiving email (the one bound to the account) and the
 * receive button; signed out, sign in or register (the host brings the visitor back); refused,
 * the catalogue's message (a mismatching email at the field); received already, taken or
 * closed, the reason instead of the form.
 */
function OfferView({
  offer,
  coin,
  timezone,
  signedIn,
  signInHref,
  registerHref,
  onNavigate,
  onReceive,
  receiving,
  receiveError,
  receiveLabels,
  headingLevel,
  labels,
  className,
}: Required<Pick<RedPacketCardProps, 'offer' | 'coin' | 'timezone' | 'headingLevel'>> &
  Pick<
    RedPacketCardProps,
    | 'signedIn'
    | 'signInHref'
    | 'registerHref'
    | 'onNavigate'
    | 'onReceive'
    | 'receiving'
    | 'receiveError'
    | 'receiveLabels'
    | 'labels'
    | 'className'
  >) {
  const { label, t } = useLabels(labels);
  const receiveLabel = (key: RedPacketReceiveLabelKey) => {
    const override = receiveLabels?.[key];
    return override === undefined ? t(RECEIVE_CATALOGUE[key]) : interpolate(override);
  };
  const baseId = useId();
  const [email, setEmail] = useState('');
  const [localError, setLocalError] = useState<'emailRequired' | 'emailInvalid' | null>(null);
  const [editedSinceRefusal, setEditedSinceRefusal] = useState(false);
  const Heading = `h${headingLevel}` as const;

  // A new refusal shows until the email is edited again.
  useEffect(() => {
    if (receiveError) setEditedSinceRefusal(false);
  }, [receiveError]);

  const refusal = editedSinceRefusal ? null : receiveError;
  const fieldError =
    localError ?? (refusal === 'emailMismatch' ? ('emailMismatch' as const) : null);
  const blocked: RedPacketReceiveError | null = offer.received
    ? 'alreadyReceived'
    : !offer.open
      ? offer.remaining === 0
        ? 'gone'
        : 'closed'
      : receiveError === 'emailMismatch'
        ? null
        : (receiveError ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const problem =
      value === '' ? 'emailRequired' : EMAIL_SHAPE.test(value) ? null : 'emailInvalid';
    setLocalError(problem);
    if (problem || receiving || !onReceive) return;
    onReceive(value);
  };
  const link = (href: string, text: string) => (
    <a
      className={styles.link}
      href={href}
      onClick={onNavigate ? (event) => onNavigate(href, event) : undefined}
    >
      {text}
    </a>
  );

  let step: ReactNode;
  if (blocked) {
    step = (
      <p className={styles.refusal} role={receiveError === blocked ? 'alert' : undefined}>
        {receiveLabel(blocked)}
      </p>
    );
  } else if (!signedIn) {
    step = (
      <>
        <p className={styles.hint}>{receiveLabel('signInToReceive')}</p>
        <div className={styles.actions}>
          {signInHref ? link(signInHref, receiveLabel('signIn')) : null}
          {registerHref ? link(registerHref, receiveLabel('register')) : null}
        </div>
      </>
    );
  } else if (onReceive) {
    const hintId = `${baseId}-email-hint`;
    const errorId = `${baseId}-email-error`;
    step = (
      <form className={styles.form} noValidate onSubmit={submit}>
        <div className={widget.field}>
          <label htmlFor={`${baseId}-email`} className={widget.statLabel}>
            {receiveLabel('receivingEmail')}
          </label>
          <input
            id={`${baseId}-email`}
            className={widget.textInput}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setEmail(event.target.value);
              setLocalError(null);
              setEditedSinceRefusal(true);
            }}
          />
          <p id={hintId} className={widget.note}>
            {receiveLabel('receivingEmailHint')}
          </p>
          {fieldError ? (
            <p id={errorId} className={styles.fieldError} role="alert">
              {receiveLabel(fieldError)}
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <button type="submit" className={widget.button} aria-busy={receiving || undefined}>
            {receiveLabel('receive')}
          </button>
        </div>
      </form>
    );
  } else {
    step = null;
  }

  return (
    <article className={cx(widget.card, styles.packet, className)} data-state="offer">
      <div className={styles.titleRow}>
        <Heading className={widget.title}>{offer.name || label('redPacket')}</Heading>
      </div>
      <dl className={widget.statGrid}>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{label('packetHashrate')}</dt>
          <dd className={widget.statValue}>{formatHashrate(offer.hashrate, coin.hashrateUnit)}</dd>
        </div>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{label('packetDuration')}</dt>
          <dd className={widget.statValue}>
            {label('packetDays', { count: offer.duration_days })}
          </dd>
        </div>
        <div className={widget.stat}>
          <dt className={widget.statLabel}>{receiveLabel('packetsLeft')}</dt>
          <dd className={widget.statValue}>{offer.remaining}</dd>
        </div>
      </dl>
      <span className={styles.deadline}>
        {`${label('activationDeadline')}: ${formatZoned(offer.ends_at, timezone, 'YYYY-MM-DD HH:mm')}`}
      </span>
      <section className={styles.receive} aria-labelledby={`${baseId}-receive`}>
        <Heading id={`${baseId}-receive`} className={styles.receiveTitle}>
          {receiveLabel('receiveTitle')}
        </Heading>
        {step}
      </section>
    </article>
  );
}
