import { createI18n, loadLanguage } from '@poolkit/core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { poolBlocks } from '../../lib/fixtures';
import { PoolKitThemeProvider } from '../../theme/PoolKitThemeProvider';
import { Luck } from './Luck';

const i18n = createI18n({ language: 'en' });
let root: Root | undefined;

function render(
  children: ReactNode,
  mode: 'light' | 'dark' = 'light',
  instance = i18n,
): HTMLElement {
  const container = document.createElement('div');
  container.style.width = '560px';
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

beforeEach(async () => {
  // Wide enough for the whole widget: a screenshot is cut at the page's edge.
  await page.viewport(600, 900);
});

afterEach(() => {
  root?.unmount();
  document.body.replaceChildren();
});

describe('Luck', () => {
  it('should look the same as its reference, light', async () => {
    const container = render(<Luck blocks={poolBlocks(40)} />);
    await expect.element(page.elementLocator(container)).toMatchScreenshot('luck-light');
  });

  it('should look the same as its reference, dark', async () => {
    const container = render(<Luck blocks={poolBlocks(40)} />, 'dark');
    await expect.element(page.elementLocator(container)).toMatchScreenshot('luck-dark');
  });

  it('should draw 200 % and 50 % equally far above and below the baseline', () => {
    const container = render(
      <Luck
        chartHeight={100}
        blocks={[
          { height: 2, time: '2025-01-01T00:10:00Z', luck: 2 },
          { height: 1, time: '2025-01-01T00:00:00Z', luck: 0.5 },
        ]}
      />,
    );
    const [below, above] = [...container.querySelectorAll('rect')];
    expect(above?.getAttribute('data-tone')).toBe('above');
    expect(below?.getAttribute('data-tone')).toBe('below');
    expect(above?.getAttribute('height')).toBe(below?.getAttribute('height'));
  });

  it('should switch to a language whose messages arrive after the first render', async () => {
    // Core loads every language but English on demand: the instance is in `ja` at once, its
    // texts in English until the Japanese chunk is in; the widget must re-render then.
    const japanese = createI18n({ language: 'ja' });
    const container = render(<Luck blocks={poolBlocks(40)} />, 'light', japanese);
    expect(container.textContent).toContain('Luck');
    await loadLanguage(japanese);
    await expect.poll(() => container.textContent).toContain('ラック');
    expect(container.textContent).not.toContain('Luck');
  });
});
