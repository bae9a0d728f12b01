import { createI18n, loadLanguage } from '@poolkit/core';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { poolBlocks } from '../../lib/fixtures';
import { widgetHarness } from '../../lib/widgetHarness';
import { Luck } from './Luck';

const { render } = widgetHarness(560);

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
