import { createI18n } from '@poolkit/core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach } from 'vitest';
import { page } from 'vitest/browser';
import { PoolKitThemeProvider } from '../theme/PoolKitThemeProvider';

/**
 * The mount of a widget test file (tests only; not part of the library): each test renders into
 * a container `width` px wide in English i18n and the theme, on a viewport 40 px wider (a
 * screenshot is cut at the page's edge), and is unmounted after.
 *
 * @example
 * const { render } = widgetHarness(640);
 * const container = render(<Luck blocks={blocks} />, 'dark');
 */
export function widgetHarness(width: number) {
  const i18n = createI18n({ language: 'en' });
  let root: Root | undefined;

  beforeEach(async () => {
    await page.viewport(width + 40, 900);
  });

  afterEach(() => {
    root?.unmount();
    document.body.replaceChildren();
  });

  /** Renders `children` synchronously and returns their container. */
  function render(
    children: ReactNode,
    mode: 'light' | 'dark' = 'light',
    instance: ReturnType<typeof createI18n> = i18n,
  ): HTMLElement {
    const container = document.createElement('div');
    container.style.width = `${width}px`;
    container.style.padding = '8px';
    document.body.append(container);
    root = createRoot(container);
    flushSync(() =>
      root?.render(
        <I18nextProvider i18n={instance}>
          <PoolKitThemeProvider mode={mode}>{children}</PoolKitThemeProvider>
        </I18nextProvider>,
      ),
    );
    return container;
  }

  return { i18n, render };
}
