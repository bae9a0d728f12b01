import type { Language } from '../i18n/languages';
import { unitMessages } from '../i18n/messages/units';

/** A duration split into whole days, hours (0-23), minutes (0-59) and seconds (0-59). */
export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Splits a remaining time for a countdown. Partial seconds count as a whole second (rounded
 * up), so a countdown shows `1s` until the very end and reaches `0s` exactly when time is up.
 * Negative, `NaN` and infinite input give all zeros (nothing left, or nothing known).
 *
 * @example
 * durationParts(93_784_000) // { days: 1, hours: 2, minutes: 3, seconds: 4 }
 */
export function durationParts(ms: number): DurationParts {
  const totalSeconds = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** The suffix written after each part of a duration. */
export interface DurationLabels {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

/**
 * The duration suffixes of a language, from the `units` catalogue.
 *
 * @example
 * durationLabels('zh-CN') // { days: '天', hours: '时', minutes: '分', seconds: '秒' }
 */
export function durationLabels(language: Language): DurationLabels {
  const messages = unitMessages[language];
  const english = unitMessages.en;
  return {
    days: messages.durationDays ?? english.durationDays ?? 'd',
    hours: messages.durationHours ?? english.durationHours ?? 'h',
    minutes: messages.durationMinutes ?? english.durationMinutes ?? 'm',
    seconds: messages.durationSeconds ?? english.durationSeconds ?? 's',
  };
}

/**
 * A countdown text: parts from the largest non-zero one down to seconds, each followed by its
 * suffix; parts after the first are padded to two digits. See {@link durationParts} for the
 * rounding and for negative input.
 *
 * @param labels - Default: the English suffixes `d h m s`; pass `durationLabels(language)`.
 * @example
 * formatDuration(93_784_000) // '1d 02h 03m 04s'
 * formatDuration(59_000) // '59s'
 * formatDuration(3_600_000, durationLabels('ja')) // '1時間 00分 00秒'
 */
export function formatDuration(ms: number, labels: DurationLabels = durationLabels('en')): string {
  const parts = durationParts(ms);
  const ordered: [number, string][] = [
    [parts.days, labels.days],
    [parts.hours, labels.hours],
    [parts.minutes, labels.minutes],
    [parts.seconds, labels.seconds],
  ];
  const first = ordered.findIndex(([value]) => value > 0);
  const shown = ordered.slice(first === -1 ? ordered.length - 1 : first);
  return shown
    .map(
      ([value, label], index) => `${index === 0 ? value : String(value).padStart(2, '0')}${label}`,
    )
    .join(' ');
}
