import type { ObserverLink } from '@poolkit/core/contract';
import { QRCode } from '@poolkit/widgets';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { pageHarness } from '../../app/pageHarness';
import { Component } from './UserObservePage';

const { render } = pageHarness();

const LINKS: ObserverLink[] = [
  {
    id: '1',
    nickname: 'farm office',
    expiry: 'one_week',
    expires_at: '2026-12-05T10:00:00Z',
    token: 'token-one',
    url: 'https://pool.example/observer_redirect?observer_token=token-one',
    pools: [],
    created_at: '2026-11-28T10:00:00Z',
  },
  {
    id: '2',
    nickname: 'partner',
    expiry: 'forever',
    expires_at: null,
    token: 'token-two',
    url: 'https://pool.example/observer_redirect?observer_token=token-two',
    pools: [],
    created_at: '2026-11-28T11:00:00Z',
  },
];

/** The drawing (the `<path>`) of the QR code of `value`, as the widgets' encoder makes it. */
function qrDrawing(value: string): string | null {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() => root.render(<QRCode value={value} label="reference" />));
  const drawing = host.querySelector('svg path:last-of-type')?.getAttribute('d') ?? null;
  root.unmount();
  host.remove();
  return drawing;
}

describe('UserObservePage', () => {
  it('should label the expiry column "Expires" and show a QR code of each link', async () => {
    await render(Component, '/user/observe', {
      accounts: () => ({ list: [{ name: 'demo', current: true }] }),
      observerLinks: () => ({ list: LINKS }),
    });
    await expect.element(page.getByRole('columnheader', { name: 'Expires' })).toBeVisible();
    expect(page.getByRole('columnheader', { name: 'Valid for' }).elements()).toHaveLength(0);

    for (const link of LINKS) {
      const row = page.getByRole('row').filter({ hasText: link.nickname });
      await row.getByRole('button', { name: 'QR' }).click();
      const name = `QR code of observer link ${link.nickname}`;
      const dialog = page.getByRole('dialog', { name });
      const qr = dialog.getByRole('img', { name });
      await expect.element(qr).toBeVisible();
      // The code is the link's own URL, not a stand-in.
      const drawing = qr.element().querySelector('path:last-of-type')?.getAttribute('d');
      expect(drawing).toBeTruthy();
      expect(drawing).toBe(qrDrawing(link.url));
      await page.getByRole('button', { name: 'Close' }).click();
      await expect.element(dialog).not.toBeInTheDocument();
    }
  });
});
