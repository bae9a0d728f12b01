import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildResources } from './buildResources';
import { catalogueOf } from './catalogues';
import { createFirstScreenI18n, createI18n, poolKitBackend } from './createI18n';
import { englishMessages } from './english';
import { LANGUAGES } from './languages';
import { loadLanguage } from './loadLanguage';
import { en, type LocaleMessages } from './locales/en';
import { ja } from './locales/ja';
import { ko } from './locales/ko';
import { I18N_NAMESPACE, type LanguageMessages, loadMessages } from './resources';
import {
  enAlerts,
  enContent,
  enContracts,
  englishWidgetMessages,
  enMessages,
  enTickets,
} from './widgetEnglish';

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const GROUPS = Object.keys(englishMessages()).sort() as Array<keyof LanguageMessages>;

describe('message catalogues', () => {
  it('should have the groups of the locale modules plus units', () => {
    expect(GROUPS).toEqual([
      'alerts',
      'common',
      'content',
      'contracts',
      'errors',
      'messages',
      'mining',
      'site',
      'status',
      'tickets',
      'units',
      'validation',
      'widgets',
    ]);
  });

  for (const group of GROUPS) {
    const catalogue = catalogueOf(group);
    const englishKeys = Object.keys(catalogue.en).sort();

    it(`should have every ${group} key in every language, non-empty`, () => {
      expect(englishKeys.length).toBeGreaterThan(0);
      for (const language of LANGUAGES) {
        expect(Object.keys(catalogue[language]).sort(), `${group} in ${language}`).toEqual(
          englishKeys,
        );
        for (const key of englishKeys) {
          expect(catalogue[language][key]?.trim(), `${group}.${key} in ${language}`).toBeTruthy();
        }
      }
    });

    it(`should keep the ${group} interpolation placeholders in every language`, () => {
      for (const key of englishKeys) {
        const expected = placeholders(catalogue.en[key] ?? '');
        for (const language of LANGUAGES) {
          expect(
            placeholders(catalogue[language][key] ?? ''),
            `${group}.${key} in ${language}`,
          ).toEqual(expected);
        }
      }
    });

    it(`should resolve every ${group} key through i18next in every language`, async () => {
      for (const language of LANGUAGES) {
        const i18n = createI18n({ language });
        await i18n.changeLanguage(language);
        for (const key of englishKeys) {
          const fullKey = `${group}.${key}`;
          expect(i18n.t(fullKey, { db: 'x' }), `${fullKey} in ${language}`).not.toBe(fullKey);
          const text = catalogue[language][key] ?? '';
          if (!text.includes('{{')) expect(i18n.t(fullKey), `${fullKey} in ${language}`).toBe(text);
        }
      }
    });
  }

  it('should type every locale against English', () => {
    const { common: _common, ...withoutCommon } = en;
    // @ts-expect-error a missing group
    const missingGroup: LocaleMessages = withoutCommon;
    const { retry: _retry, ...commonWithoutRetry } = en.common;
    // @ts-expect-error a missing key
    const missingKey: LocaleMessages = { ...en, common: commonWithoutRetry };
    // @ts-expect-error an extra key
    const extraKey: LocaleMessages = { ...en, common: { ...en.common, extra: 'x' } };
    // @ts-expect-error a value that is not a string
    const notString: LocaleMessages = { ...en, common: { ...en.common, retry: 1 } };
    expect([missingGroup, missingKey, extraKey, notString]).toHaveLength(4);
  });
});

describe('createI18n', () => {
  it('should start in English by default, synchronously', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('common.retry')).toBe('Retry');
    expect(i18n.t('units.durationDays')).toBe('d');
  });

  it('should hold English only until another language is asked for', () => {
    const i18n = createI18n();
    expect(i18n.hasResourceBundle('en', I18N_NAMESPACE)).toBe(true);
    for (const language of LANGUAGES.filter((each) => each !== 'en')) {
      expect(i18n.hasResourceBundle(language, I18N_NAMESPACE), language).toBe(false);
    }
  });

  it('should fall back to English at once when started in a language not loaded yet', () => {
    const i18n = createI18n({ language: 'ja' });
    expect(i18n.language).toBe('ja');
    expect(i18n.hasResourceBundle('ja', I18N_NAMESPACE)).toBe(false);
    expect(i18n.t('common.retry')).toBe('Retry');
  });

  it('should give Russian once `changeLanguage` resolves, not before', async () => {
    const i18n = createI18n();
    const changed = i18n.changeLanguage('ru');
    // While the chunk loads, the instance keeps its language: no English flash for a switcher.
    expect(i18n.language).toBe('en');
    await changed;
    expect(i18n.language).toBe('ru');
    expect(i18n.t('common.retry')).toBe('Повторить');
    expect(i18n.t('units.durationMinutes')).toBe('мин');
    expect(i18n.t('validation.amountBelowMinimum', { minimum: 5 })).toContain('5');
  });

  it('should give Korean once the start language is loaded', async () => {
    const i18n = createI18n({ language: 'ko' });
    await loadLanguage(i18n);
    expect(i18n.hasResourceBundle('ko', I18N_NAMESPACE)).toBe(true);
    expect(i18n.t('common.retry')).toBe('다시 시도');
    expect(i18n.t('units.durationDays')).toBe('일');
  });

  it('should resolve `changeLanguage` to the start language after its load', async () => {
    const i18n = createI18n({ language: 'zh-CN' });
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('common.loading')).toBe('加载中…');
    expect(i18n.resolvedLanguage).toBe('zh-CN');
  });

  it('should announce the arrival of the start language', async () => {
    const i18n = createI18n({ language: 'ja' });
    const events: string[] = [];
    i18n.on('languageChanged', (language: string) => events.push(`languageChanged:${language}`));
    i18n.on('loaded', () => events.push('loaded'));
    await loadLanguage(i18n, 'ja');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(['languageChanged:ja', 'loaded']);
    expect(i18n.t('common.retry')).toBe('再試行');
  });

  it('should hold the given resources from the start', () => {
    const i18n = createI18n({ language: 'ja', resources: buildResources() });
    expect(i18n.t('common.retry')).toBe('再試行');
    expect(i18n.isInitialized).toBe(true);
  });
});

describe('loadMessages', () => {
  it('should load one language with its units', async () => {
    const messages = await loadMessages('ja');
    expect(messages.common).toEqual(ja.common);
    expect(messages.units.durationHours).toBe('時間');
    expect(await loadMessages('en')).toEqual(englishMessages());
  });
});

describe('loadLanguage', () => {
  it('should add the messages to an instance without a PoolKit backend', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: I18N_NAMESPACE,
      resources: { en: { [I18N_NAMESPACE]: englishMessages() } },
    });
    await loadLanguage(i18n, 'ru');
    expect(i18n.language).toBe('en');
    await i18n.changeLanguage('ru');
    expect(i18n.t('common.retry')).toBe('Повторить');
  });

  it('should ignore a language PoolKit does not have', async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'de');
    expect(i18n.hasResourceBundle('de', I18N_NAMESPACE)).toBe(false);
  });
});

describe('createFirstScreenI18n', () => {
  it('should hold the first screen of English at once and the rest after loadLanguage', async () => {
    const i18n = createFirstScreenI18n();
    expect(i18n.t('site.home.poolStats')).toBe(en.site['home.poolStats']);
    expect(i18n.t('mining.hashrate')).toBe('mining.hashrate');
    await Promise.all([loadLanguage(i18n), loadLanguage(i18n, 'en')]);
    expect(i18n.t('mining.hashrate')).toBe(en.mining.hashrate);
    expect(i18n.t('site.home.poolStats')).toBe(en.site['home.poolStats']);
    for (const [group, messages] of Object.entries(en)) {
      for (const key of Object.keys(messages)) {
        expect(i18n.exists(`${group}.${key}`), `${group}.${key}`).toBe(true);
      }
    }
  });

  it('should hold another language whole once it is loaded', async () => {
    const i18n = createFirstScreenI18n({ language: 'ko' });
    await loadLanguage(i18n);
    expect(i18n.t('mining.hashrate')).toBe(ko.mining.hashrate);
  });
});

describe('poolKitBackend', () => {
  it('should serve only the poolkit namespace', async () => {
    const error = await new Promise((resolve) =>
      poolKitBackend.read('ja', 'other', (err) => resolve(err)),
    );
    expect(error).toBeInstanceOf(Error);
  });
});

describe('buildResources', () => {
  it('should hold all five languages', () => {
    const resources = buildResources();
    expect(Object.keys(resources).sort()).toEqual([...LANGUAGES].sort());
    expect(resources.ko[I18N_NAMESPACE].common.retry).toBe('다시 시도');
    expect(resources['zh-CN'][I18N_NAMESPACE].units.durationDays).toBe('天');
  });
});

describe('English for the widgets', () => {
  it("should hold the whole English of the widgets' groups, and no site strings", () => {
    const english = englishMessages();
    const widgets = englishWidgetMessages();
    expect(Object.keys(widgets).sort()).toEqual(
      ['common', 'errors', 'mining', 'status', 'units', 'validation', 'widgets'].sort(),
    );
    for (const [group, messages] of Object.entries(widgets)) {
      expect(messages).toEqual(english[group as keyof LanguageMessages]);
    }
    expect(widgets).not.toHaveProperty('site');
  });

  it("should export each feature group as English's own", () => {
    expect(enContracts).toBe(en.contracts);
    expect(enMessages).toBe(en.messages);
    expect(enAlerts).toBe(en.alerts);
    expect(enTickets).toBe(en.tickets);
    expect(enContent).toBe(en.content);
  });
});
