import { COINS, createI18n } from '@poolkit/core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { FIXED_NOW } from '../../lib/fixtures';
import { PoolKitThemeProvider } from '../../theme/PoolKitThemeProvider';
import { HalvingCountdown } from './HalvingCountdown';

const i18n = createI18n({ language: 'en' });
let root: Root | undefined;

function render(children: ReactNode, mode: 'light' | 'dark' = 'light'): HTMLElement {
  const container = document.createElement('div');
  container.style.width = '640px';
  container.style.padding = '8px';
  document.body.append(container);
  root = createRoot(container);
  flushSync(() =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <PoolKitThemeProvider mode={mode}>{children}</PoolKitThemeProvider>
      </I18nextProvider>,
    ),
  );
  return container;
}

beforeEach(async () => {
  // Wide enough for the whole widget: a screenshot is cut at the page's edge.
  await page.viewport(680, 900);
});

afterEach(() => {
  root?.unmount();
  document.body.replaceChildren();
});

describe('HalvingCountdown', () => {
  it('should look the same as its reference, light', async () => {
    const container = render(
      <HalvingCountdown
        coin={COINS.btc}
        currentHeight={888_123}
        now={FIXED_NOW}
        timezone="UTC+08:00"
      />,
    );
    await expect.element(page.elementLocator(container)).toMatchScreenshot('halving-light');
  });

  it('should look the same as its reference, dark', async () => {
    const container = render(
      <HalvingCountdown
        coin={COINS.btc}
        currentHeight={888_123}
        now={FIXED_NOW}
        timezone="UTC+08:00"
      />,
      'dark',
    );
    await expect.element(page.elementLocator(container)).toMatchScreenshot('halving-dark');
  });

  it('should count down from when the height was read as time passes', () => {
    const timer = () =>
      render(
        <HalvingCountdown
          coin={COINS.ltc}
          currentHeight={3_359_999}
          heightAt={FIXED_NOW}
          now={FIXED_NOW + 60_000}
        />,
      ).querySelector('[role="timer"]');
    // One block of 150 s left, read a minute ago: 90 s remain.
    expect(timer()?.getAttribute('aria-label')).toBe(
      'Time left: 0 Days, 0 Hours, 1 Minutes, 30 Seconds',
    );
  });
});
