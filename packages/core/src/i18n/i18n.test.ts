import { describe, expect, it } from 'vitest';
import { createI18n } from './createI18n';
import { LANGUAGES } from './languages';
import { CATALOGUES } from './resources';

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  for (const [group, catalogue] of Object.entries(CATALOGUES)) {
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

    it(`should resolve every ${group} key through i18next in every language`, () => {
      for (const language of LANGUAGES) {
        const i18n = createI18n({ language });
        for (const key of englishKeys) {
          const fullKey = `${group}.${key}`;
          expect(i18n.t(fullKey, { db: 'x' }), `${fullKey} in ${language}`).not.toBe(fullKey);
        }
      }
    });
  }

  it('should translate rather than copy English in the other languages', () => {
    const i18n = createI18n({ language: 'zh-CN' });
    expect(i18n.t('common.loading')).toBe('加载中…');
    expect(createI18n({ language: 'ko' }).t('common.retry')).toBe('다시 시도');
  });

  it('should start in English by default', () => {
    expect(createI18n().language).toBe('en');
  });
});
