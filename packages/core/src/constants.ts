/**
 * Business constants and limits of PoolKit (spec section 9, plus the figures of sections 3 and
 * 4 that the product needs as numbers). Durations are in milliseconds unless the name says
 * otherwise; money and rates are decimal strings, never floats.
 */
import { DEFAULT_LANGUAGE } from './i18n/languages';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

// ── Requests and loading ────────────────────────────────────────────────────────────────

/** Time-out of one API request (spec section 7: 20 s). */
export const REQUEST_TIMEOUT_MS = 20 * SECOND_MS;

/** Time-out for loading one lazy page script chunk before it counts as a chunk load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120 * SECOND_MS;

// ── Interface ───────────────────────────────────────────────────────────────────────────

/** How long an error or success toast stays on screen (desktop; it also has a close button). */
export const TOAST_DURATION_MS = 3 * SECOND_MS;

/** Countdown before a verification code (SMS or email) may be sent again, in seconds. */
export const RESEND_CODE_SECONDS = 60;

/**
 * Where the server redirects to the picture of the home page's first slide (in the request's
 * language). The prerendered home page shows it in the carousel's place, so the largest picture
 * of the first screen paints from the HTML instead of after the scripts, the slide list and the
 * carousel's chunk; the carousel then shows the same picture in the same box.
 */
export const FIRST_SLIDE_PICTURE_PATH = '/media/slides/first';

/** Rows per table page. */
export const PAGE_SIZE = 10;

/** How many page-number buttons a pager shows at once. */
export const PAGER_COUNT = 5;

/** At and above this viewport width (px) the wide (desktop) layout applies. */
export const WIDE_SCREEN_BREAKPOINT_PX = 768;

/** Most recent address searches kept (newest first); older ones drop off. */
export const RECENT_SEARCH_LIMIT = 10;

/** Dialog width on wide screens. */
export const DIALOG_WIDTH_WIDE = '560px';

/** Dialog width on narrow screens. */
export const DIALOG_WIDTH_NARROW = '350px';

/** Text shown where a value is missing or cannot be shown (NaN, Infinity, invalid date). */
export const EMPTY_VALUE_TEXT = '--';

// ── Hashrate ────────────────────────────────────────────────────────────────────────────

/** Metric prefixes of hashrate units, each step 1000 times the one before. */
export const HASHRATE_UNIT_PREFIXES = ['', 'K', 'M', 'G', 'T', 'P', 'E', 'Z', 'Y'] as const;

/** Hashrate units from H/s up to YH/s (spec section 9). Beyond YH/s values stay in YH/s. */
export const HASHRATE_UNITS = [
  'H/s',
  'KH/s',
  'MH/s',
  'GH/s',
  'TH/s',
  'PH/s',
  'EH/s',
  'ZH/s',
  'YH/s',
] as const;

/** A hashrate unit in hashes per second, e.g. `'TH/s'`. */
export type HashrateUnit = (typeof HASHRATE_UNITS)[number];

/** Factor between two neighbouring hashrate units. */
export const HASHRATE_UNIT_STEP = 1000;

/** Decimals shown for a hashrate. */
export const HASHRATE_DECIMALS = 2;

// ── Coins and money ─────────────────────────────────────────────────────────────────────

/**
 * The display precisions a coin may have (spec section 9: 4 or 6 per coin). Each coin's own
 * value is `COINS[id].displayDecimals`.
 */
export const COIN_DISPLAY_DECIMALS = [4, 6] as const;

/** One of {@link COIN_DISPLAY_DECIMALS}. */
export type CoinDisplayDecimals = (typeof COIN_DISPLAY_DECIMALS)[number];

/** Decimals shown for amounts in a fiat currency. */
export const CURRENCY_DECIMALS = 2;

/** The base currency of exchange rates: every rate says how much of a currency 1 CNY buys. */
export const BASE_CURRENCY = 'CNY';

/** Rate of the base currency against itself, as the rates list writes it. */
export const BASE_CURRENCY_RATE = '1.000000';

/** Symbol of the base currency. */
export const BASE_CURRENCY_SYMBOL = '￥';

/** The chain a KDA pool mines and pays on (Kadena has 20 chains). */
export const KDA_POOL_CHAIN = 0;

/** Confirmations a deposit needs before it is credited. */
export const DEPOSIT_CONFIRMATIONS = 1;

/** Fee of solo mining, as a ratio (0.5 %). */
export const SOLO_FEE_RATE = '0.005';

// ── Programmes ──────────────────────────────────────────────────────────────────────────

/** Invitation reward: this ratio (0.2 %) of the invitee's mining revenue, settled next day. */
export const INVITATION_REWARD_RATE = '0.002';

/** When the daily invitation statistics are taken (a wall-clock time in UTC+8). */
export const INVITATION_STATS_TIME = '09:50 UTC+8';

/** Time zone of {@link INVITATION_STATS_TIME}, in the `UTC±hh:mm` form of user settings. */
export const INVITATION_STATS_TIMEZONE = 'UTC+08:00';

// ── Orders, account and security ────────────────────────────────────────────────────────

/** An unpaid contract order is cancelled automatically after this long (2 h). */
export const UNPAID_ORDER_CANCEL_MS = 2 * HOUR_MS;

/** Logging in again within this many days after requesting cancellation revokes it. */
export const CANCELLATION_GRACE_DAYS = 30;

/** After a settlement (pay) method change, it cannot be changed again for this long (24 h). */
export const PAY_METHOD_LOCK_MS = 24 * HOUR_MS;

/**
 * Withdrawals are paused for this long (24 h) after the auto-withdraw address, pay password,
 * phone or email changes. One message of the spec says 12 hours for the address change; PoolKit
 * applies 24 hours to all four, the stricter reading.
 */
export const SECURITY_FREEZE_MS = 24 * HOUR_MS;

/** A withdrawal above the audit limit is reviewed by hand within this long (24 h). */
export const WITHDRAWAL_AUDIT_MS = 24 * HOUR_MS;

/** About how long a newly connected worker takes to appear in the worker list (~1 minute). */
export const NEW_WORKER_VISIBLE_MS = 60 * SECOND_MS;

/** A miner that has sent no share for longer than this (15 min) is inactive. */
export const MINER_INACTIVE_MS = 15 * MINUTE_MS;

/**
 * A miner that has sent no share for longer than this (24 h) is dead. The spec mentions a
 * variant that uses 1 hour; see {@link MINER_DEAD_SHORT_MS}.
 */
export const MINER_DEAD_MS = 24 * HOUR_MS;

/** The 1-hour "dead" threshold of the spec's variant, for views that opt into it. */
export const MINER_DEAD_SHORT_MS = HOUR_MS;

/**
 * A token is refreshed when its remaining lifetime falls below this share of the span from
 * login to expiry (and is still above 0).
 */
export const TOKEN_REFRESH_THRESHOLD_RATIO = 0.5;

// ── Time, language, limits of forms ─────────────────────────────────────────────────────

/** Time zone used when the user has none (format `UTC±hh:mm`). */
export const DEFAULT_TIMEZONE = 'UTC+00:00';

/** Interface language used when none is stored. Re-exported from `i18n/languages`. */
export { DEFAULT_LANGUAGE };

/** One day in milliseconds: the range up to which charts show times rather than dates. */
export const CHART_DAY_RANGE_MS = DAY_MS;

/** Date-time patterns (dayjs tokens) of charts (spec section 9). */
export const CHART_TIME_PATTERNS = {
  /** Axis label for a range of up to a day. */
  axisTime: 'HH:mm',
  /** Axis label for longer ranges. */
  axisDate: 'MM-DD',
  /** Tooltip for points less than a day apart. */
  tooltipDateTime: 'YYYY-MM-DD HH:mm:ss',
  /** Tooltip for daily points. */
  tooltipDate: 'YYYY-MM-DD',
} as const;

/**
 * Longest span of a profit export, in days. The spec only says a range is required; a year
 * (366 days, so a leap year fits) keeps one CSV a sensible size.
 */
export const EXPORT_RANGE_MAX_DAYS = 366;

/** Longest ticket title, in characters. */
export const TICKET_TITLE_MAX_LENGTH = 100;

/** Longest ticket content, in characters. */
export const TICKET_CONTENT_MAX_LENGTH = 2000;

/** Longest worker name, in characters. */
export const WORKER_NAME_MAX_LENGTH = 64;

/** Shortest and longest sub-account name, in characters. */
export const SUB_ACCOUNT_NAME_LENGTH = { min: 4, max: 30 } as const;

/** Shortest and longest password (login or pay password), in characters. */
export const PASSWORD_LENGTH = { min: 8, max: 32 } as const;

/** Digits of a verification code (SMS or email) and of an authenticator (TOTP) code. */
export const CODE_LENGTH = 6;
