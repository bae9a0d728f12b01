import { LANGUAGE_NAMES, LANGUAGES } from '@poolkit/core';
import type { Preview } from '@storybook/react-vite';
import { withI18n, withTheme } from './decorators';

const preview: Preview = {
  // The last decorator is the outermost: i18n wraps the theme, which wraps the story.
  decorators: [withTheme, withI18n],
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { icon: 'paintbrush', items: ['light', 'dark'], dynamicTitle: true },
    },
    locale: {
      description: 'Interface language',
      toolbar: {
        icon: 'globe',
        items: LANGUAGES.map((language) => ({ value: language, title: LANGUAGE_NAMES[language] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  parameters: {
    // The theme decorator pads the story itself, on the theme's background.
    layout: 'fullscreen',
    // Accessibility violations fail the story test, not only warn in the panel.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // A story opts into a phone with `globals: { viewport: { value: 'phone', isRotated: false } }`;
    // the vitest run resizes the page to it too.
    viewport: {
      options: {
        phone: {
          name: 'Phone (375 × 812)',
          styles: { width: '375px', height: '812px' },
          type: 'mobile',
        },
        tablet: {
          name: 'Tablet (834 × 1112)',
          styles: { width: '834px', height: '1112px' },
          type: 'tablet',
        },
        desktop: {
          name: 'Desktop (1280 × 900)',
          styles: { width: '1280px', height: '900px' },
          type: 'desktop',
        },
      },
    },
  },
};

export default preview;
