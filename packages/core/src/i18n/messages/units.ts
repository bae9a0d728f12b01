import type { Catalogue } from '../languages';

/**
 * Unit words of the `units` namespace: the short suffixes of countdown parts
 * (`formatDuration`: "3d 04h 05m 06s"), in every language. Keys: `durationDays`,
 * `durationHours`, `durationMinutes`, `durationSeconds`.
 */
export const unitMessages: Catalogue = {
  en: {
    durationDays: 'd',
    durationHours: 'h',
    durationMinutes: 'm',
    durationSeconds: 's',
  },
  'zh-CN': {
    durationDays: '天',
    durationHours: '时',
    durationMinutes: '分',
    durationSeconds: '秒',
  },
  ru: {
    durationDays: 'д',
    durationHours: 'ч',
    durationMinutes: 'мин',
    durationSeconds: 'с',
  },
  ja: {
    durationDays: '日',
    durationHours: '時間',
    durationMinutes: '分',
    durationSeconds: '秒',
  },
  ko: {
    durationDays: '일',
    durationHours: '시간',
    durationMinutes: '분',
    durationSeconds: '초',
  },
};
