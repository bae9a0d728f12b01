import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n/languages';
import { unitMessages } from '../i18n/messages/units';
import { durationLabels, durationParts, formatDuration } from './formatDuration';

describe('durationParts', () => {
  it('should split milliseconds into days, hours, minutes and seconds', () => {
    expect(durationParts(93_784_000)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 4 });
    expect(durationParts(60_000)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });

  it('should count a partial second as a whole one', () => {
    expect(durationParts(1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(durationParts(59_001)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });

  it('should give zeros for negative, NaN and infinite input', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0 };
    expect(durationParts(-5000)).toEqual(zero);
    expect(durationParts(Number.NaN)).toEqual(zero);
    expect(durationParts(Number.POSITIVE_INFINITY)).toEqual(zero);
  });
});

describe('formatDuration', () => {
  it('should show parts from the largest non-zero one, padding the later ones', () => {
    expect(formatDuration(93_784_000)).toBe('1d 02h 03m 04s');
    expect(formatDuration(3_600_000)).toBe('1h 00m 00s');
    expect(formatDuration(545_000)).toBe('9m 05s');
    expect(formatDuration(59_000)).toBe('59s');
  });

  it('should show a countdown of many days', () => {
    expect(formatDuration(700 * 86_400_000 + 5000)).toBe('700d 00h 00m 05s');
  });

  it('should show 0s when time is up', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(-1)).toBe('0s');
  });

  it('should use the labels it is given', () => {
    expect(formatDuration(3_600_000, durationLabels('ja'))).toBe('1時間 00分 00秒');
    expect(formatDuration(93_784_000, durationLabels('zh-CN'))).toBe('1天 02时 03分 04秒');
  });
});

describe('durationLabels', () => {
  it('should read the English suffixes', () => {
    expect(durationLabels('en')).toEqual({ days: 'd', hours: 'h', minutes: 'm', seconds: 's' });
  });

  it('should have every unit word in every language', () => {
    const keys = Object.keys(unitMessages.en).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(unitMessages[language]).sort()).toEqual(keys);
      for (const text of Object.values(unitMessages[language])) expect(text).not.toBe('');
    }
  });
});
