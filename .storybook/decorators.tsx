import { buildResources, createI18n, isLanguage, type Language } from '@poolkit/core';
import type { Decorator } from '@storybook/react-vite';
import { I18nextProvider } from 'react-i18next';
import { PoolKitThemeProvider } from '../packages/widgets/src/theme/PoolKitThemeProvider';

function localeOf(globals: Record<string, unknown>): Language {
  return isLanguage(globals.locale) ? globals.locale : 'en';
}

/**
 * Wraps every story in the PoolKit theme chosen in the toolbar (or by a story's globals), filling
 * the canvas so a dark story has a dark page around it.
 */
export const withTheme: Decorator = (Story, context) => {
  const mode = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <PoolKitThemeProvider mode={mode} lang={localeOf(context.globals)}>
      <div
        style={{
          // A story fills its own canvas; on a docs page it takes only the room it needs.
          minHeight: context.viewMode === 'docs' ? undefined : '100vh',
          padding: 16,
          boxSizing: 'border-box',
        }}
      >
        <Story />
      </div>
    </PoolKitThemeProvider>
  );
};

type I18nInstance = ReturnType<typeof createI18n>;

// One i18next instance per language, made once: stories switch languages without re-creating.
const instances = new Map<Language, I18nInstance>();

// Storybook holds all five languages from the start (a site loads one chunk per language on
// demand), so a story in `ja` renders Japanese at once, play functions included.
let resources: ReturnType<typeof buildResources> | undefined;

function i18nFor(language: Language): I18nInstance {
  const existing = instances.get(language);
  if (existing) return existing;
  resources ??= buildResources();
  const created = createI18n({ language, resources });
  instances.set(language, created);
  return created;
}

/**
 * Gives every story core's i18n in the language chosen in the toolbar's `locale` (or by a
 * story's `globals: { locale: 'ja' }`).
 */
export const withI18n: Decorator = (Story, context) => (
  <I18nextProvider i18n={i18nFor(localeOf(context.globals))}>
    <Story />
  </I18nextProvider>
);
