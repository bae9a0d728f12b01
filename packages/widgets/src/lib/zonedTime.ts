/**
 * Wall-clock time in a fixed `UTC±hh:mm` zone for the patterns PoolKit's widgets show, without
 * dayjs. It gives exactly what core's `formatInTimezone` gives for these patterns (a test holds
 * them equal); widgets with a 10 KB budget use it so that they need not carry dayjs (4 KB gzip).
 */

/** The patterns {@link formatZoned} knows (spec section 9 plus the date-time of a table). */
export type ZonedPattern =
  | 'YYYY-MM-DD HH:mm:ss'
  | 'YYYY-MM-DD HH:mm'
  | 'YYYY-MM-DD'
  | 'MM-DD HH:mm'
  | 'HH:mm'
  | 'MM-DD';

const ZONE = /^UTC([+-])(0\d|1[0-4]):([0-5]\d)$/;
const MINUTE_MS = 60_000;

/**
 * The offset of a `UTC±hh:mm` zone in minutes, east positive; `0` for anything else, so a
 * malformed zone shows UTC rather than breaking a widget.
 */
export function zoneOffsetMinutes(timezone: string): number {
  const match = ZONE.exec(timezone);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * An instant (epoch milliseconds or an ISO string) as wall-clock text in `timezone`.
 * Non-finite or unparsable input gives `'--'`.
 *
 * @param timezone - `UTC±hh:mm`; default `'UTC+00:00'`.
 * @param pattern - default `'YYYY-MM-DD HH:mm:ss'`.
 * @example formatZoned(Date.UTC(2024, 0, 1, 20), 'UTC+08:00', 'YYYY-MM-DD HH:mm') // '2024-01-02 04:00'
 */
export function formatZoned(
  time: number | string,
  timezone = 'UTC+00:00',
  pattern: ZonedPattern = 'YYYY-MM-DD HH:mm:ss',
): string {
  const epochMs = typeof time === 'string' ? Date.parse(time) : time;
  if (!Number.isFinite(epochMs)) return '--';
  const shifted = new Date(epochMs + zoneOffsetMinutes(timezone) * MINUTE_MS);
  if (Number.isNaN(shifted.getTime())) return '--';
  // 'YYYY-MM-DDTHH:mm:ss.sssZ' for years 0-9999, which is every date a pool shows.
  const iso = shifted.toISOString();
  const date = iso.slice(0, 10);
  switch (pattern) {
    case 'YYYY-MM-DD HH:mm:ss':
      return `${date} ${iso.slice(11, 19)}`;
    case 'YYYY-MM-DD HH:mm':
      return `${date} ${iso.slice(11, 16)}`;
    case 'YYYY-MM-DD':
      return date;
    case 'MM-DD HH:mm':
      return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
    case 'HH:mm':
      return iso.slice(11, 16);
    case 'MM-DD':
      return iso.slice(5, 10);
    default:
      return pattern satisfies never;
  }
}

/** An ISO date-time as epoch milliseconds; `NaN` for `null` or text that is not a date. */
export function isoToMs(iso: string | null | undefined): number {
  return iso ? Date.parse(iso) : Number.NaN;
}
