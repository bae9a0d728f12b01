/**
 * Shared building blocks of the API contract. Every domain file composes these, so a rule
 * (what money looks like, how a page is asked for) is written once.
 *
 * Conventions on the wire (ARCHITECTURE.md): field names are snake_case; money and other
 * decimals that feed money maths are decimal strings, never JS numbers; hashrates are numbers
 * in H/s; times are epoch milliseconds in series and ISO-8601 UTC strings (`…Z`) elsewhere;
 * calendar dates are `YYYY-MM-DD` (UTC days).
 *
 * Request types are exported as `z.input` (what a caller may send: defaults optional, query
 * numbers as number or string); answer types as `z.infer` (what a parsed answer holds).
 */
import { z } from 'zod';
import { COIN_IDS } from '../domain/coinIds';
import { LANGUAGES } from '../i18n/languages';

// ---------------------------------------------------------------------------------------------
// Coins, pools, accounts, addresses, workers
// ---------------------------------------------------------------------------------------------

/** A coin id of `COIN_IDS`, lower case as in routes and API paths (`btc`, `grin-c32`). */
export const coinIdSchema = z.enum(COIN_IDS);

/**
 * A pool name as used in `/pools/{pool}/…`: a lower-case slug, 1-32 characters. For the main
 * pools it equals the coin id (`btc`); lab pools may carry other names (`btc-lab`).
 */
export const poolNameSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Pool name must be a lower-case slug');
/** A pool name, e.g. `'btc'`. */
export type PoolName = z.infer<typeof poolNameSchema>;

/**
 * A mining account (main account or sub-account) name: 4-30 letters or digits (spec section 5,
 * "Sub-account name"). The main account's name follows the same rule as the user name.
 */
export const accountNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{4,30}$/, 'There is an error in the sub-account name.');
/** A mining account name, e.g. `'alice01'`. */
export type AccountName = z.infer<typeof accountNameSchema>;

/**
 * A mining (payout) address as typed into the address-mining search. Only the shape shared by
 * all coins is checked here (1-128 characters of letters, digits and `:._-`, which covers
 * `kaspa:…`, `aleo1…`, `0x…` and `k:…` forms); the per-coin format is checked by the server,
 * which answers `ERROR_CODES.addressWrong` ("The address is wrong").
 */
export const miningAddressSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9:._-]*$/, 'The address is wrong');
/** A mining address. */
export type MiningAddress = z.infer<typeof miningAddressSchema>;

/** A worker (miner) name: digits and lower-case letters only, 1-64 characters (spec section 5). */
export const workerNameSchema = z
  .string()
  .regex(/^[0-9a-z]{1,64}$/, 'Worker name must be 1-64 digits or lower-case letters');
/** A worker name, e.g. `'rig01'`. */
export type WorkerName = z.infer<typeof workerNameSchema>;

/**
 * The id of a stored thing (order, coupon, message, group, address, passkey…): an opaque
 * string of 1-64 letters, digits, `_` or `-`. Strings rather than numbers so that 64-bit
 * database ids never lose precision in JSON.
 */
export const entityIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');
/** An opaque id. */
export type EntityId = z.infer<typeof entityIdSchema>;

// ---------------------------------------------------------------------------------------------
// Money, decimals, hashrates
// ---------------------------------------------------------------------------------------------

/** The shape of a decimal string: optional minus, digits, optional fraction. No exponent. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * A decimal number written as a string (`"12.5"`, `"-0.0001"`), at most 64 characters. JS
 * numbers (`0.1`) and exponents (`"1e5"`) are refused so no floating point reaches money maths.
 */
export const decimalStringSchema = z
  .string()
  .max(64)
  .regex(DECIMAL_PATTERN, 'Expected a decimal string such as "12.5"');
/** A decimal string. */
export type DecimalString = z.infer<typeof decimalStringSchema>;

/**
 * An amount of money or coin (balance, reward, fee, price): a decimal string that may be
 * negative (debits in a statement). Stored as NUMERIC on the server. Prices are in CNY, the
 * base currency of the rate list (spec section 9), unless the field says otherwise.
 */
export const moneySchema = decimalStringSchema;
/** An amount of money or coin as a decimal string, e.g. `"0.00012345"`. */
export type Money = z.infer<typeof moneySchema>;

/**
 * An amount a user asks to move (withdraw, transfer, exchange): a positive decimal string
 * without sign, at most 18 decimals (the finest chain precision), never zero.
 */
export const positiveMoneySchema = z
  .string()
  .max(64)
  .regex(/^\d+(\.\d{1,18})?$/, 'Expected a positive decimal string such as "12.5"')
  .refine((value) => /[1-9]/.test(value), 'Amount must be greater than zero');
/** A positive amount as a decimal string. */
export type PositiveMoney = z.infer<typeof positiveMoneySchema>;

/**
 * A percentage that feeds money maths (pool fee, coupon reduction, invitation reward) as a
 * decimal string from `"0"` to `"100"`: `"0.5"` means 0.5 %.
 */
export const percentSchema = z
  .string()
  .max(24)
  .regex(/^\d{1,3}(\.\d+)?$/, 'Expected a percentage such as "0.5"')
  .refine((value) => Number(value) <= 100, 'A percentage cannot exceed 100');
/** A percentage as a decimal string, e.g. `"2.5"` for 2.5 %. */
export type Percent = z.infer<typeof percentSchema>;

/** A hashrate in H/s (or the coin's own unit, e.g. graphs/s for Grin): a finite number >= 0. */
export const hashrateSchema = z.number().finite().nonnegative();

/** A hashrate wrapped as `{ value }`, the shape of the spec's `accept_15m.value` fields. */
export const hashrateValueSchema = z.object({ value: hashrateSchema });
/** A hashrate value object. */
export type HashrateValue = z.infer<typeof hashrateValueSchema>;

/** A ratio from 0 to 1 (reject rate): `0.012` is 1.2 %. Display code multiplies by 100. */
export const ratioSchema = z.number().min(0).max(1);

/**
 * Luck (effort inverse) as a ratio: expected work / actual work of a block, so `1` is 100 %,
 * above 1 is lucky. `null` where it cannot be computed yet.
 */
export const luckSchema = z.number().finite().nonnegative().nullable();

// ---------------------------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------------------------

/** A point in time as epoch milliseconds (series only). */
export const epochMsSchema = z.number().int().nonnegative();

/** A point in time as an ISO-8601 UTC string ending in `Z`, e.g. `2024-04-20T00:09:27Z`. */
export const isoDateTimeSchema = z.iso.datetime();
/** An ISO-8601 UTC date-time string. */
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;

/** A calendar day `YYYY-MM-DD` (a UTC day), e.g. a profit row's settlement day. */
export const isoDateSchema = z.iso.date();
/** A `YYYY-MM-DD` date string. */
export type IsoDate = z.infer<typeof isoDateSchema>;

/**
 * A user time zone as a fixed offset `UTC±hh:mm` from UTC-12:00 to UTC+14:00 (spec section 3);
 * the default is `UTC+00:00`.
 */
export const timezoneSchema = z
  .string()
  .regex(/^UTC[+-](0\d|1[0-4]):[0-5]\d$/, 'Expected a time zone such as "UTC+08:00"');
/** A time zone string, e.g. `'UTC+08:00'`. */
export type Timezone = z.infer<typeof timezoneSchema>;

/** One of the five interface languages. */
export const languageSchema = z.enum(LANGUAGES);

/** An ISO-4217-like currency code in upper case, e.g. `CNY`, `USD`, `USDT` (3-5 letters). */
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3,5}$/, 'Expected an upper-case currency code');

/** An absolute `http(s)` URL, at most 2048 characters. */
export const urlSchema = z.url({ protocol: /^https?$/ }).max(2048);

// ---------------------------------------------------------------------------------------------
// Query helpers (query values arrive as strings)
// ---------------------------------------------------------------------------------------------

/**
 * A boolean in a query string: `true`/`false`/`1`/`0`/`yes`/`no`/`on`/`off`, or a real boolean
 * from a typed caller. (`z.coerce.boolean` would read `"false"` as true, so it is not used.)
 */
export const queryBooleanSchema = z.union([z.boolean(), z.stringbool()]);

/** Builds an integer query field coerced from its string form, bounded to `[min, max]`. */
export function queryIntSchema(min: number, max: number) {
  return z.coerce.number<number | string>().int().min(min).max(max);
}

/** The page size of lists when the caller sends none (spec section 9: page size 10). */
export const DEFAULT_PAGE_SIZE = 10;

/** The largest page a caller may ask for. */
export const MAX_PAGE_SIZE = 100;

/**
 * The pagination fields of a list query, to spread into a query object: `page` >= 1 (default
 * 1) and `page_size` 1-100 (default 10).
 */
export const paginationQueryShape = {
  page: queryIntSchema(1, 1_000_000).default(1),
  page_size: queryIntSchema(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** A query that is only pagination. */
export const paginationQuerySchema = z.object(paginationQueryShape).strict();
/** Pagination as a caller sends it. */
export type PaginationQuery = z.input<typeof paginationQuerySchema>;

/** Builds the answer of a paginated list: `{ list, total, page, page_size }`. */
export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    /** Number of items across all pages. */
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(MAX_PAGE_SIZE),
  });
}

/** A paginated answer. */
export type Paginated<T> = { list: T[]; total: number; page: number; page_size: number };

/** Builds the answer of a short, unpaginated list: `{ list }` (an object, so it can grow). */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item) });
}

/** Sort direction of list queries. */
export const sortOrderSchema = z.enum(['asc', 'desc']);
/** Sort direction. */
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** A free-text search field of list queries: trimmed, at most 64 characters. */
export const searchQuerySchema = z.string().trim().max(64);

/** True when an optional `start_date`/`end_date` pair is in order (or a side is missing). */
export function isDateRangeInOrder(value: { start_date?: string; end_date?: string }): boolean {
  return (
    value.start_date === undefined ||
    value.end_date === undefined ||
    value.start_date <= value.end_date
  );
}

/** The message of a date range whose start follows its end. */
export const DATE_RANGE_ORDER_MESSAGE = 'start_date must not be after end_date';

/** The longest date range a list or export may cover, in days. */
export const MAX_DATE_RANGE_DAYS = 366;

/** Days from `start` to `end` (both `YYYY-MM-DD`), inclusive. */
export function daysInRange(start: string, end: string): number {
  return (
    Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 864e5) + 1
  );
}

/** Optional date-range fields (`start_date`, `end_date`, `YYYY-MM-DD`) to spread into a query. */
export const optionalDateRangeShape = {
  start_date: isoDateSchema.optional(),
  end_date: isoDateSchema.optional(),
};

/** A paginated query with an optional date range. */
export const pagedDateRangeQuerySchema = z
  .object({ ...paginationQueryShape, ...optionalDateRangeShape })
  .strict()
  .refine(isDateRangeInOrder, { message: DATE_RANGE_ORDER_MESSAGE, path: ['end_date'] });
/** A paginated date-range query as a caller sends it. */
export type PagedDateRangeQuery = z.input<typeof pagedDateRangeQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Series
// ---------------------------------------------------------------------------------------------

/** The step of a hashrate series: 10 minutes, 1 hour or 1 day. */
export const seriesIntervalSchema = z.enum(['10m', '1h', '1d']);
/** A series step. */
export type SeriesInterval = z.infer<typeof seriesIntervalSchema>;

/** The span of a series, ending now: 24 hours, 7, 30 or 90 days. */
export const seriesRangeSchema = z.enum(['24h', '7d', '30d', '90d']);
/** A series span. */
export type SeriesRange = z.infer<typeof seriesRangeSchema>;

/**
 * The query of a hashrate series: `interval` (default `1h`) over `range` (default `24h`).
 * A 10-minute step is allowed up to 7 days, so a series has at most 2,160 points.
 */
export const hashrateSeriesQuerySchema = z
  .object({
    interval: seriesIntervalSchema.default('1h'),
    range: seriesRangeSchema.default('24h'),
  })
  .strict()
  .refine(
    (value) => !(value.interval === '10m' && (value.range === '30d' || value.range === '90d')),
    {
      message: 'A 10-minute step is limited to 7 days',
      path: ['interval'],
    },
  );
/** A hashrate series query as a caller sends it. */
export type HashrateSeriesQuery = z.input<typeof hashrateSeriesQuerySchema>;

/** The query of a daily series (profit hashrates, unit profits, fee rates): `range` default 30 days. */
export const dailySeriesQuerySchema = z
  .object({ range: z.enum(['7d', '30d', '90d']).default('30d') })
  .strict();
/** A daily series query as a caller sends it. */
export type DailySeriesQuery = z.input<typeof dailySeriesQuerySchema>;

/** One point of a pool hashrate series: start of the step (epoch ms) and the mean hashrate. */
export const hashratePointSchema = z.object({
  time: epochMsSchema,
  hashrate: hashrateSchema,
});
/** A pool hashrate point. */
export type HashratePoint = z.infer<typeof hashratePointSchema>;

/** A pool hashrate series: the step used and the points, oldest first. */
export const hashrateSeriesSchema = z.object({
  interval: seriesIntervalSchema,
  points: z.array(hashratePointSchema),
});
/** A pool hashrate series. */
export type HashrateSeries = z.infer<typeof hashrateSeriesSchema>;

/**
 * One point of a miner's (account, address or worker) series: accepted hashrate and the share
 * of rejected work in the step.
 */
export const minerHashratePointSchema = z.object({
  time: epochMsSchema,
  hashrate: hashrateSchema,
  reject_rate: ratioSchema,
});
/** A miner hashrate point. */
export type MinerHashratePoint = z.infer<typeof minerHashratePointSchema>;

/** A miner hashrate series: the step used and the points, oldest first. */
export const minerHashrateSeriesSchema = z.object({
  interval: seriesIntervalSchema,
  points: z.array(minerHashratePointSchema),
});
/** A miner hashrate series. */
export type MinerHashrateSeries = z.infer<typeof minerHashrateSeriesSchema>;

// ---------------------------------------------------------------------------------------------
// Payout, workers, permissions
// ---------------------------------------------------------------------------------------------

/** The settlement (payout) models: PPS+ (the default) and SOLO (0.5 % fee). */
export const payoutModelSchema = z.enum(['PPS+', 'SOLO']);
/** A payout model. */
export type PayoutModel = z.infer<typeof payoutModelSchema>;

/**
 * A worker's state (spec section 4): `active` (connected), `inactive` (no share for more than
 * 15 minutes), `dead` (no share for more than 24 hours).
 */
export const workerStatusSchema = z.enum(['active', 'inactive', 'dead']);
/** A worker state. */
export type WorkerStatus = z.infer<typeof workerStatusSchema>;

/** Workers counted by state. `total` is the sum of the three. */
export const workerCountsSchema = z.object({
  active: z.number().int().nonnegative(),
  inactive: z.number().int().nonnegative(),
  dead: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
/** Worker counts by state. */
export type WorkerCounts = z.infer<typeof workerCountsSchema>;

/**
 * The permission strings of spec section 6, fetched after login, and PoolKit's `admin.view`:
 * operators, the `/admin/…` calls.
 */
export const API_PERMISSIONS = [
  'contract.view',
  'account.view',
  'pool.view',
  'miner.view',
  'user.view',
  'recommend.view',
  'wallet.view',
  'admin.view',
] as const;

/** A permission string. */
export const apiPermissionSchema = z.enum(API_PERMISSIONS);
/** A permission string, e.g. `'wallet.view'`. */
export type ApiPermission = z.infer<typeof apiPermissionSchema>;

/** A role name (roles come with the user info and the observer info). */
export const roleNameSchema = z.string().min(1).max(64);

// ---------------------------------------------------------------------------------------------
// Identity pieces shared by several domains
// ---------------------------------------------------------------------------------------------

/** An email address, at most 254 characters. */
export const emailSchema = z.email('Please enter correct email address').max(254);

/** A country calling code without `+`, 1-4 digits (`86` for mainland China). */
export const countryCodeSchema = z.string().regex(/^\d{1,4}$/, 'Invalid country code');

/**
 * A phone number without country code: 4-15 digits, no hyphen. With country code `86` the
 * mainland rule applies on top (see {@link MAINLAND_PHONE_PATTERN}).
 */
export const phoneSchema = z.string().regex(/^\d{4,15}$/, 'Phone number format is incorrect');

/** Mainland China mobile number: 11 digits, starting with 1, second digit 3-9 (spec section 5). */
export const MAINLAND_PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** True when a phone number fits its country code's rule (only `86` has a stricter one). */
export function phoneMatchesCountry(value: { country_code: string; phone: string }): boolean {
  return value.country_code !== '86' || MAINLAND_PHONE_PATTERN.test(value.phone);
}

/** A 6-digit verification code (email, SMS or authenticator app). */
export const verificationCodeSchema = z.string().regex(/^\d{6}$/, 'Expected a 6-digit code');

/**
 * A secret (login password, pay password) encrypted with the public key of
 * `GET /v2/users/encrypt/pubkey` (RSA-OAEP, base64), so it never travels or logs in clear.
 */
export const encryptedSecretSchema = z
  .string()
  .min(16)
  .max(2048)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Expected base64');

/** The id of the public key an encrypted secret was made with (keys rotate). */
export const keyIdSchema = z.string().min(1).max(64);

/**
 * A short-lived token from `POST /users/second-validation`, proving the user passed a second
 * check (email, SMS or authenticator code) for one sensitive action.
 */
export const validationTokenSchema = z.string().min(1).max(512);

/**
 * The idempotency key of a money-moving call: 16-64 letters, digits, `_` or `-`, chosen by the
 * client once per intended operation (a UUID fits) and sent again unchanged when it retries.
 * The server keeps the first answer under the caller and the key: a repeat with the same key
 * moves nothing and gets that answer again; the same key with different fields is refused.
 */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Expected 16-64 letters, digits, "_" or "-"');
/** An idempotency key, e.g. a UUID. */
export type IdempotencyKey = z.infer<typeof idempotencyKeySchema>;

/** A bearer or refresh token (a signed JWT), at most 4096 characters. */
export const tokenSchema = z.string().min(1).max(4096);

/** A nickname or title typed by the user: trimmed, 1-32 characters, not only spaces. */
export const nicknameSchema = z.string().trim().min(1, 'Please enter a name').max(32);

/** The answer of a call that returns nothing: `data` is `null`. */
export const emptyResponseSchema = z.null();
