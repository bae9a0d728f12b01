import { formatInTimezone } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { formatZoned, isoToMs, type ZonedPattern, zoneOffsetMinutes } from './zonedTime';

const PATTERNS: ZonedPattern[] = [
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD HH:mm',
  'YYYY-MM-DD',
  'MM-DD HH:mm',
  'HH:mm',
  'MM-DD',
];
const ZONES = ['UTC+00:00', 'UTC+08:00', 'UTC-05:30', 'UTC+14:00', 'UTC-12:00', 'UTC+05:45'];

describe('formatZoned', () => {
  it("should give exactly what core's formatInTimezone gives for every pattern and zone", () => {
    let instant = Date.UTC(1999, 11, 31, 23, 59, 59);
    for (let step = 0; step < 400; step += 1) {
      instant += (7_919_123_457 % (step + 97)) * 3_600_017;
      for (const zone of ZONES) {
        for (const pattern of PATTERNS) {
          expect(formatZoned(instant, zone, pattern), `${instant} ${zone} ${pattern}`).toBe(
            formatInTimezone(instant, zone, pattern),
          );
        }
      }
    }
  });

  it('should cross the date line with the zone', () => {
    expect(formatZoned(Date.UTC(2024, 0, 1, 20, 0), 'UTC+08:00', 'YYYY-MM-DD HH:mm')).toBe(
      '2024-01-02 04:00',
    );
    expect(formatZoned('2024-01-01T02:00:00Z', 'UTC-05:30')).toBe('2023-12-31 20:30:00');
  });

  it('should show -- for a missing or broken time, and UTC for a malformed zone', () => {
    expect(formatZoned(Number.NaN)).toBe('--');
    expect(formatZoned('not a date')).toBe('--');
    expect(formatZoned(0, 'UTC+8')).toBe('1970-01-01 00:00:00');
    expect(zoneOffsetMinutes('UTC-05:30')).toBe(-330);
    expect(zoneOffsetMinutes('nonsense')).toBe(0);
  });

  it('should read ISO times and null as NaN', () => {
    expect(isoToMs('2024-04-20T00:09:27Z')).toBe(Date.UTC(2024, 3, 20, 0, 9, 27));
    expect(isoToMs(null)).toBeNaN();
  });
});
