import { buildResources, createI18n, I18N_NAMESPACE } from '@poolkit/core';
import { describe, expect, it, vi } from 'vitest';
import { createCatalogueTranslator } from './catalogueTranslator';
import { i18nextTranslator, interpolate, lookup } from './translator';

const english = {
  widgets: { close: 'Close', pageOf: 'Page {{page}} of {{pages}}' },
  site: { 'common.next': 'Next' },
  contracts: { product: { buy: 'Buy' } },
};

describe('lookup', () => {
  it('should find nested groups and flat dotted keys as i18next does', () => {
    expect(lookup(english, 'widgets.close')).toBe('Close');
    expect(lookup(english, 'contracts.product.buy')).toBe('Buy');
    expect(lookup(english, 'site.common.next')).toBe('Next');
  });

  it('should answer undefined for a missing key or a group', () => {
    expect(lookup(english, 'widgets.missing')).toBeUndefined();
    expect(lookup(english, 'contracts.product')).toBeUndefined();
    expect(lookup(undefined, 'widgets.close')).toBeUndefined();
  });
});

describe('interpolate', () => {
  it('should fill placeholders, a missing value empty', () => {
    expect(interpolate('Page {{page}} of {{ pages }}', { page: 2, pages: 9 })).toBe('Page 2 of 9');
    expect(interpolate('Page {{page}} of {{pages}}', { page: 2 })).toBe('Page 2 of ');
  });
});

describe('createCatalogueTranslator', () => {
  it('should fall back from the language to English, to the widget’s English, to the key', () => {
    const translator = createCatalogueTranslator('en', { widgets: english.widgets });
    translator.add('ja', { widgets: { close: '閉じる' } });
    const t = translator.fixedT('ja', { contracts: english.contracts });
    expect(t('widgets.close')).toBe('閉じる');
    expect(t('widgets.pageOf', { page: 1, pages: 3 })).toBe('Page 1 of 3');
    expect(t('contracts.product.buy')).toBe('Buy');
    expect(t('contracts.product.sell')).toBe('contracts.product.sell');
  });

  it('should tell its subscribers when messages arrive and the language changes', () => {
    const translator = createCatalogueTranslator('en', english);
    const onChange = vi.fn();
    const unsubscribe = translator.subscribe(onChange);
    expect(translator.has('ru')).toBe(false);
    translator.add('ru', { widgets: { close: 'Закрыть' } });
    expect(translator.has('ru')).toBe(true);
    translator.setLanguage('ru');
    translator.setLanguage('ru');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(translator.language()).toBe('ru');
    unsubscribe();
    translator.setLanguage('en');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('i18nextTranslator', () => {
  it("should read a host's instance, and a widget's English for a group it lacks", async () => {
    const host = createI18n().createInstance();
    const { contracts: _, ...withoutContracts } = buildResources().en[I18N_NAMESPACE];
    await host.init({
      lng: 'en',
      defaultNS: I18N_NAMESPACE,
      resources: { en: { [I18N_NAMESPACE]: withoutContracts } },
      interpolation: { escapeValue: false },
    });
    const translator = i18nextTranslator(host);
    expect(i18nextTranslator(host)).toBe(translator);
    expect(translator.has('en')).toBe(true);
    const t = translator.fixedT('en', english);
    expect(t('widgets.close')).toBe('Close');
    expect(t('contracts.product.buy')).toBe('Buy');
    expect(t('contracts.product.sell')).toBe('contracts.product.sell');
  });
});
