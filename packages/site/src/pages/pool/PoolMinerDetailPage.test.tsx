import type { PoolInfo, WorkerDetail } from '@poolkit/core/contract';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { pageHarness } from '../../app/pageHarness';
import { Component } from './PoolMinerDetailPage';

const { render } = pageHarness();

const POOL = { name: 'btc', coin: 'btc', label: 'Bitcoin', lab: false } as PoolInfo;

/** The longest an IPv4 address gets. */
const LAST_IP = '203.113.254.201';

const WORKER: WorkerDetail = {
  worker_name: 'rig-01',
  accept_15m: { value: 120e12 },
  accept_1h: { value: 118e12 },
  accept_24h: { value: 119.5e12 },
  reject_rate: 0.0012,
  last_share_time: '2026-11-28T10:00:00Z',
  first_share_time: '2026-10-01T08:30:00Z',
  status: 'active',
  group: null,
  shares_24h: { accepted: 120_000, rejected: 144 },
  difficulty: 65536,
  last_ip: LAST_IP,
};

/** The height of the figure labelled `label`, in lines of its own text. */
function linesOf(label: string): number {
  const term = [...document.querySelectorAll('dt')].find((item) => item.textContent === label);
  const figure = term?.parentElement?.querySelector('dd');
  if (!figure) throw new Error(`No figure labelled ${label}`);
  const style = getComputedStyle(figure);
  const lineHeight =
    style.lineHeight === 'normal'
      ? Number.parseFloat(style.fontSize) * 1.2
      : Number.parseFloat(style.lineHeight);
  return figure.getBoundingClientRect().height / lineHeight;
}

describe('PoolMinerDetailPage', () => {
  for (const width of [1280, 375]) {
    it(`should show the worker's last IP on one line at ${width} px`, async () => {
      await render(
        Component,
        '/pool/btc/miner/detail?worker=rig-01',
        {
          pools: () => ({ list: [POOL] }),
          accounts: () => ({ list: [{ name: 'demo', current: true }] }),
          worker: () => WORKER,
        },
        { width },
      );
      await expect.element(page.getByText(LAST_IP)).toBeVisible();
      expect(linesOf('Last IP')).toBeLessThan(1.5);
    });
  }
});
