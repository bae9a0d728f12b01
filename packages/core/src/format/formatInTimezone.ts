import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import {
  CHART_DAY_RANGE_MS,
  CHART_TIME_PATTERNS,
  DEFAULT_TIMEZONE,
  EMPTY_VALUE_TEXT,
} from '../constants';

dayjs.extend(utc);

const MINUTE_MS = 60_000;

/**
 * `UTC±hh:mm` with hours 00-14 and minutes 00-59: the same shape the API contract accepts for a
 * user's zone, so any zone the server stores can be shown.
 */
const TIMEZONE_PATTERN = /^UTC([+-])(0\d|1[0-4]):([0-5]\d)$/;

function offsetOf(value: string): number | undefined {
  const match = TIMEZONE_PATTERN.exec(value);
  if (!match) return undefined;
  const [, sign, hours, minutes] = match;
  const magnitude = Number(hours) * 60 + Number(minutes);
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/**
 * True for a time zone in the stored form `UTC±hh:mm`: a sign, two-digit hours from 00 to 14
 * and two-digit minutes, as the API contract accepts it. `UTC-00:00` is accepted as UTC.
 *
 * @example
 * isTimezone('UTC+05:30') // true
 * isTimezone('UTC+8') // false
 */
export function isTimezone(value: unknown): value is string {
  return typeof value === 'string' && offsetOf(value) !== undefined;
}

/**
 * The offset of a `UTC±hh:mm` zone from UTC in minutes (east positive). Throws a `RangeError`
 * for anything {@link isTimezone} refuses.
 *
 * @example
 * parseTimezone('UTC-05:30') // -330
 */
export function parseTimezone(timezone: string): number {
  const offset = offsetOf(timezone);
  if (offset === undefined) throw new RangeError(`Not a UTC±hh:mm time zone: ${timezone}`);
  return offset;
}

/**
 * The `UTC±hh:mm` form of an offset in minutes (the inverse of {@link parseTimezone}).
 *
 * @example
 * formatTimezone(-330) // 'UTC-05:30'
 */
export function formatTimezone(offsetMinutes: number): string {
  return `UTC${offsetText(offsetMinutes, ':')}`;
}

/**
 * The offsets from UTC that places use today (IANA time zone database), in minutes, west to
 * east: whole hours from −12 to +14, and the half and three-quarter hours of India (+05:30),
 * Nepal (+05:45), Iran (+03:30), Newfoundland (−03:30), the Marquesas (−09:30), the Chatham
 * Islands (+12:45, +13:45) and a few more.
 */
const UTC_OFFSETS_MINUTES = [
  -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120,
  180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765,
  780, 825, 840,
] as const;

/**
 * The time zones a user can choose, as `UTC±hh:mm`, west to east: the offsets places use today
 * (see {@link formatTimezone}). Every one is a valid stored zone ({@link isTimezone}). A stored
 * zone outside the list (`UTC+08:17` is valid too) is added in its place, so a setting is never
 * lost by showing the choices.
 *
 * @param current - A stored zone to keep among the choices. Default none.
 * @example
 * timezoneChoices()[0] // 'UTC-12:00'
 * timezoneChoices().includes('UTC+05:45') // true
 * timezoneChoices('UTC+08:17').includes('UTC+08:17') // true
 */
export function timezoneChoices(current?: string): string[] {
  const offsets: number[] = [...UTC_OFFSETS_MINUTES];
  const extra = current === undefined ? undefined : offsetOf(current);
  if (extra !== undefined && !offsets.includes(extra)) {
    offsets.push(extra);
    offsets.sort((a, b) => a - b);
  }
  return offsets.map(formatTimezone);
}

function offsetText(offsetMinutes: number, separator: string): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(offsetMinutes);
  const hours = String(Math.floor(magnitude / 60)).padStart(2, '0');
  const minutes = String(magnitude % 60).padStart(2, '0');
  return `${sign}${hours}${separator}${minutes}`;
}

/**
 * Formats an instant as wall-clock time in a fixed `UTC±hh:mm` zone with dayjs tokens
 * (`YYYY-MM-DD HH:mm:ss`, …). The offset is applied to the instant and the result formatted in
 * UTC, so the machine's own zone (`TZ`) and its daylight-saving rules never play a part. The
 * offset tokens `Z` and `ZZ` print the given zone (`+08:00`, `+0800`). A non-finite `epochMs`
 * gives `'--'`; an invalid zone throws a `RangeError` (see {@link parseTimezone}).
 *
 * @param timezone - Default {@link DEFAULT_TIMEZONE} (`'UTC+00:00'`).
 * @param pattern - Default `'YYYY-MM-DD HH:mm:ss'`.
 * @example
 * formatInTimezone(Date.UTC(2024, 0, 1, 20, 0), 'UTC+08:00', 'YYYY-MM-DD HH:mm') // '2024-01-02 04:00'
 */
export function formatInTimezone(
  epochMs: number,
  timezone: string = DEFAULT_TIMEZONE,
  pattern: string = CHART_TIME_PATTERNS.tooltipDateTime,
): string {
  const offset = parseTimezone(timezone);
  if (!Number.isFinite(epochMs)) return EMPTY_VALUE_TEXT;
  const shifted = dayjs.utc(epochMs + offset * MINUTE_MS);
  if (!shifted.isValid()) return EMPTY_VALUE_TEXT;
  // Escaped text ([…]) passes through; Z and ZZ become the literal offset of the zone.
  const zoned = pattern.replace(/\[[^\]]*]|Z{1,2}/g, (token) => {
    if (token.startsWith('[')) return token;
    return `[${offsetText(offset, token === 'ZZ' ? '' : ':')}]`;
  });
  return shifted.format(zoned);
}

/** The axis and tooltip patterns of a chart. */
export interface ChartTimePatterns {
  /** For axis ticks: `'HH:mm'` or `'MM-DD'`. */
  axis: string;
  /** For tooltips: `'YYYY-MM-DD HH:mm:ss'` or `'YYYY-MM-DD'`. */
  tooltip: string;
}

/**
 * The time patterns of spec section 9 for a chart covering `rangeMs`: up to one day, the axis
 * shows `HH:mm` and tooltips `YYYY-MM-DD HH:mm:ss`; longer ranges show `MM-DD` and
 * `YYYY-MM-DD`. When `intervalMs` (the spacing of points) is given and is below a day, the
 * tooltip keeps the time even on a long range (a week of hourly points), since a date alone
 * would make neighbouring points look the same.
 *
 * @example
 * chartTimePatterns(24 * 3600_000) // { axis: 'HH:mm', tooltip: 'YYYY-MM-DD HH:mm:ss' }
 * chartTimePatterns(30 * 24 * 3600_000) // { axis: 'MM-DD', tooltip: 'YYYY-MM-DD' }
 */
export function chartTimePatterns(rangeMs: number, intervalMs?: number): ChartTimePatterns {
  if (rangeMs <= CHART_DAY_RANGE_MS) {
    return { axis: CHART_TIME_PATTERNS.axisTime, tooltip: CHART_TIME_PATTERNS.tooltipDateTime };
  }
  const tooltip =
    intervalMs !== undefined && intervalMs < CHART_DAY_RANGE_MS
      ? CHART_TIME_PATTERNS.tooltipDateTime
      : CHART_TIME_PATTERNS.tooltipDate;
  return { axis: CHART_TIME_PATTERNS.axisDate, tooltip };
}
