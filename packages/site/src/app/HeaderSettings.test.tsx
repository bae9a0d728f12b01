import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { Header } from './Header';
import { pageHarness } from './pageHarness';

const { render } = pageHarness();

/**
 * The width `select` would take to show its longest choice whole: a copy of it without any
 * width limit, measured beside it.
 */
function unclippedWidth(select: HTMLSelectElement): number {
  const copy = select.cloneNode(true) as HTMLSelectElement;
  copy.removeAttribute('id');
  copy.style.maxWidth = 'none';
  copy.style.width = 'auto';
  copy.style.position = 'absolute';
  copy.style.visibility = 'hidden';
  select.after(copy);
  const width = copy.getBoundingClientRect().width;
  copy.remove();
  return width;
}

function expectWhole(select: HTMLSelectElement) {
  expect(select.options.length).toBeGreaterThan(0);
  expect(select.getBoundingClientRect().width).toBeGreaterThanOrEqual(unclippedWidth(select) - 0.5);
}

describe('Header settings in Japanese', () => {
  it('should show the theme and language choices whole in the desktop header at 1280 px', async () => {
    await render(Header, '/', {}, { language: 'ja', width: 1280, inMain: false });
    const theme = page.getByRole('combobox', { name: 'カラーテーマ' });
    await expect.element(theme).toBeVisible();
    expect((theme.element() as HTMLSelectElement).selectedOptions[0]?.text).toBe(
      'システムに合わせる',
    );
    expectWhole(theme.element() as HTMLSelectElement);
    expectWhole(document.getElementById('language-desktop') as HTMLSelectElement);
  });

  it('should show the theme and language choices whole in the drawer at 375 px', async () => {
    await render(Header, '/', {}, { language: 'ja', width: 375, inMain: false });
    await page.getByRole('button', { name: 'メニューを開く' }).click();
    const drawer = page.getByRole('dialog');
    const theme = drawer.getByRole('combobox', { name: 'カラーテーマ' });
    await expect.element(theme).toBeVisible();
    expectWhole(theme.element() as HTMLSelectElement);
    expectWhole(document.getElementById('language-drawer') as HTMLSelectElement);
  });
});
