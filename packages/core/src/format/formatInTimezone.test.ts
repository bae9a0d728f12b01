import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE } from '../constants';
import {
  chartTimePatterns,
  formatInTimezone,
  formatTimezone,
  isTimezone,
  parseTimezone,
  timezoneChoices,
} from './formatInTimezone';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// 2024-01-01 20:00:00 UTC
const NEW_YEAR_EVENING = Date.UTC(2024, 0, 1, 20, 0, 0);

describe('isTimezone', () => {
  it('should accept UTC±hh:mm zones from -14:59 to +14:59', () => {
    expect(isTimezone('UTC+00:00')).toBe(true);
    expect(isTimezone('UTC+08:00')).toBe(true);
    expect(isTimezone('UTC-05:30')).toBe(true);
    expect(isTimezone('UTC+05:45')).toBe(true);
    expect(isTimezone('UTC+14:00')).toBe(true);
    expect(isTimezone('UTC-12:00')).toBe(true);
    expect(isTimezone('UTC-00:00')).toBe(true);
  });

  it('should refuse other forms', () => {
    expect(isTimezone('UTC+8')).toBe(false);
    expect(isTimezone('UTC+08')).toBe(false);
    expect(isTimezone('GMT+08:00')).toBe(false);
    expect(isTimezone('UTC 08:00')).toBe(false);
    expect(isTimezone('UTC+15:00')).toBe(false);
    expect(isTimezone('UTC+08:60')).toBe(false);
    expect(isTimezone('utc+08:00')).toBe(false);
    expect(isTimezone('Asia/Shanghai')).toBe(false);
    expect(isTimezone('')).toBe(false);
    expect(isTimezone(8)).toBe(false);
  });
});

describe('parseTimezone', () => {
  it('should give the offset in minutes, east positive', () => {
    expect(parseTimezone('UTC+08:00')).toBe(480);
    expect(parseTimezone('UTC-05:30')).toBe(-330);
    expect(parseTimezone('UTC+05:45')).toBe(345);
    expect(parseTimezone('UTC+00:00')).toBe(0);
    expect(Object.is(parseTimezone('UTC-00:00'), 0)).toBe(true);
  });

  it('should throw a RangeError for an invalid zone', () => {
    expect(() => parseTimezone('UTC+8')).toThrow(RangeError);
  });
});

describe('formatTimezone', () => {
  it('should write an offset in the stored form', () => {
    expect(formatTimezone(480)).toBe('UTC+08:00');
    expect(formatTimezone(-330)).toBe('UTC-05:30');
    expect(formatTimezone(0)).toBe('UTC+00:00');
    expect(formatTimezone(parseTimezone('UTC+05:45'))).toBe('UTC+05:45');
  });
});

describe('formatInTimezone', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('should default to UTC and the full date-time pattern', () => {
    expect(DEFAULT_TIMEZONE).toBe('UTC+00:00');
    expect(formatInTimezone(NEW_YEAR_EVENING)).toBe('2024-01-01 20:00:00');
  });

  it('should apply a positive offset across midnight', () => {
    expect(formatInTimezone(NEW_YEAR_EVENING, 'UTC+08:00', 'YYYY-MM-DD HH:mm')).toBe(
      '2024-01-02 04:00',
    );
  });

  it('should apply a negative offset', () => {
    expect(formatInTimezone(NEW_YEAR_EVENING, 'UTC-05:00', 'YYYY-MM-DD HH:mm:ss')).toBe(
      '2024-01-01 15:00:00',
    );
    expect(formatInTimezone(Date.UTC(2024, 0, 1, 2, 0), 'UTC-05:00', 'YYYY-MM-DD HH:mm')).toBe(
      '2023-12-31 21:00',
    );
  });

  it('should apply half-hour and quarter-hour offsets', () => {
    expect(formatInTimezone(NEW_YEAR_EVENING, 'UTC+05:30', 'HH:mm')).toBe('01:30');
    expect(formatInTimezone(NEW_YEAR_EVENING, 'UTC-05:30', 'HH:mm')).toBe('14:30');
    expect(formatInTimezone(NEW_YEAR_EVENING, 'UTC+05:45', 'HH:mm')).toBe('01:45');
  });

  it('should print the zone for the Z and ZZ tokens and leave escaped text alone', () => {
    expect(formatInTimezone(NEW_YEAR_EVENING, 'UTC-05:30', 'HH:mm Z ZZ [Z]')).toBe(
      '14:30 -05:30 -0530 Z',
    );
  });

  it('should give the same text whatever the process time zone is', () => {
    // A moment when New York switches to daylight saving time (2024-03-10 07:00 UTC).
    const dstSwitch = Date.UTC(2024, 2, 10, 7, 0);
    const expected = formatInTimezone(dstSwitch, 'UTC+08:00');
    process.env.TZ = 'America/New_York';
    expect(new Date(dstSwitch).getTimezoneOffset()).not.toBe(0);
    expect(formatInTimezone(dstSwitch, 'UTC+08:00')).toBe('2024-03-10 15:00:00');
    expect(formatInTimezone(dstSwitch - HOUR_MS, 'UTC+08:00')).toBe('2024-03-10 14:00:00');
    process.env.TZ = 'Asia/Kolkata';
    expect(new Date(dstSwitch).getTimezoneOffset()).toBe(-330);
    expect(formatInTimezone(dstSwitch, 'UTC+08:00')).toBe(expected);
    expect(formatInTimezone(NEW_YEAR_EVENING, 'UTC-05:30', 'YYYY-MM-DD HH:mm')).toBe(
      '2024-01-01 14:30',
    );
  });

  it('should give -- for an instant that is not a finite number', () => {
    expect(formatInTimezone(Number.NaN, 'UTC+08:00')).toBe('--');
    expect(formatInTimezone(Number.POSITIVE_INFINITY)).toBe('--');
  });

  it('should throw a RangeError for an invalid zone', () => {
    expect(() => formatInTimezone(NEW_YEAR_EVENING, 'Asia/Shanghai')).toThrow(RangeError);
  });
});

describe('chartTimePatterns', () => {
  it('should use times for a range of up to a day', () => {
    expect(chartTimePatterns(DAY_MS)).toEqual({ axis: 'HH:mm', tooltip: 'YYYY-MM-DD HH:mm:ss' });
    expect(chartTimePatterns(HOUR_MS)).toEqual({ axis: 'HH:mm', tooltip: 'YYYY-MM-DD HH:mm:ss' });
  });

  it('should use dates for longer ranges', () => {
    expect(chartTimePatterns(DAY_MS + 1)).toEqual({ axis: 'MM-DD', tooltip: 'YYYY-MM-DD' });
    expect(chartTimePatterns(30 * DAY_MS, DAY_MS)).toEqual({
      axis: 'MM-DD',
      tooltip: 'YYYY-MM-DD',
    });
  });

  it('should keep the time in tooltips when points are less than a day apart', () => {
    expect(chartTimePatterns(7 * DAY_MS, HOUR_MS)).toEqual({
      axis: 'MM-DD',
      tooltip: 'YYYY-MM-DD HH:mm:ss',
    });
  });
});

describe('timezoneChoices', () => {
  it('should offer the offsets in use, west to east, each a valid stored zone', () => {
    const choices = timezoneChoices();
    expect(choices[0]).toBe('UTC-12:00');
    expect(choices.at(-1)).toBe('UTC+14:00');
    expect(choices).toContain(DEFAULT_TIMEZONE);
    for (const zone of ['UTC+05:30', 'UTC+05:45', 'UTC-03:30', 'UTC-09:30', 'UTC+12:45']) {
      expect(choices).toContain(zone);
    }
    for (const zone of choices) expect(isTimezone(zone), zone).toBe(true);
    const offsets = choices.map(parseTimezone);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(new Set(choices).size).toBe(choices.length);
  });

  it('should leave out offsets no place uses', () => {
    expect(timezoneChoices()).not.toContain('UTC+08:17');
    expect(timezoneChoices()).not.toContain('UTC-14:00');
  });

  it('should keep a stored zone outside the list, in its place', () => {
    const choices = timezoneChoices('UTC+08:17');
    expect(choices).toContain('UTC+08:17');
    expect(choices.indexOf('UTC+08:17')).toBe(choices.indexOf('UTC+08:00') + 1);
    expect(timezoneChoices('UTC+08:00')).toEqual(timezoneChoices());
    expect(timezoneChoices('not a zone')).toEqual(timezoneChoices());
  });
});
