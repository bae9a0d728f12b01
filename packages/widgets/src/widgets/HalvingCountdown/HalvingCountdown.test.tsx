import { COINS } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { FIXED_NOW } from '../../lib/fixtures';
import { widgetHarness } from '../../lib/widgetHarness';
import { HalvingCountdown } from './HalvingCountdown';

const { render } = widgetHarness(640);

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
