/**
 * The browser half of `npm run bench`: mounts widgets in headless Chromium and times them.
 * Built in production mode by scripts/bench.mjs; exposes `window.poolkitBench()`.
 */
import { createI18n, type HashratePoint } from '@poolkit/core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { FIXED_NOW, hashrateSeries, SAMPLE_GROUPS, workerRows } from '../../src/lib/fixtures';
import { PoolKitThemeProvider } from '../../src/theme/PoolKitThemeProvider';
import { HashrateChart } from '../../src/widgets/HashrateChart/HashrateChart';
import { WorkerTable } from '../../src/widgets/WorkerTable/WorkerTable';

const i18n = createI18n({ language: 'en' });
const DAY = 86_400_000;

function Wrap({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <PoolKitThemeProvider>{children}</PoolKitThemeProvider>
    </I18nextProvider>
  );
}

function mountPoint(): { container: HTMLDivElement; root: Root } {
  const container = document.createElement('div');
  container.style.width = '1200px';
  document.body.append(container);
  return { container, root: createRoot(container) };
}

/** Forces style and layout, so a figure includes what the browser must do before painting. */
function layout() {
  return document.body.getBoundingClientRect().height;
}

const idle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** Resolves once `selector` matches inside `container`. */
function whenPresent(container: HTMLElement, selector: string): Promise<void> {
  if (container.querySelector(selector)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (container.querySelector(selector)) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(container, { childList: true, subtree: true });
  });
}

const SORT_COLUMNS = [
  'Worker',
  'Hashrate 15 m',
  'Hashrate 1 h',
  'Hashrate 24 h',
  'Reject rate',
  'Last share',
  'Status',
];

async function workerTable(runs: number) {
  const rows = workerRows(100_000, { seed: 21 });
  const mount: number[] = [];
  const sort: Record<string, number[]> = {};
  for (let run = 0; run < runs; run += 1) {
    const { container, root } = mountPoint();
    const started = performance.now();
    flushSync(() =>
      root.render(
        <Wrap>
          <WorkerTable
            rows={rows}
            now={FIXED_NOW}
            groups={SAMPLE_GROUPS}
            height={600}
            onDelete={() => {}}
          />
        </Wrap>,
      ),
    );
    layout();
    mount.push(performance.now() - started);
    await idle();
    for (const column of SORT_COLUMNS) {
      const button = [...container.querySelectorAll<HTMLButtonElement>('thead th button')].find(
        (candidate) => candidate.textContent?.startsWith(column),
      );
      if (!button) throw new Error(`No sort button for ${column}`);
      // Every column sorts twice: ascending from the previous order, then descending.
      for (const direction of ['ascending', 'descending']) {
        const clicked = performance.now();
        flushSync(() => button.click());
        layout();
        const key = `${column} ${direction}`;
        sort[key] = [...(sort[key] ?? []), performance.now() - clicked];
        await idle();
      }
    }
    root.unmount();
    container.remove();
    await idle();
  }
  return { mount, sort };
}

async function hashrateChart(points: HashratePoint[], range: '24h' | '30d', runs: number) {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { container, root } = mountPoint();
    const started = performance.now();
    flushSync(() =>
      root.render(
        <Wrap>
          <HashrateChart
            series={[{ key: 'accepted', kind: 'accepted', points }]}
            defaultRange={range}
          />
        </Wrap>,
      ),
    );
    // xychart registers series in an effect and draws them in the render that follows.
    await whenPresent(container, 'path.visx-area');
    layout();
    times.push(performance.now() - started);
    root.unmount();
    container.remove();
    await idle();
  }
  return times;
}

declare global {
  interface Window {
    poolkitBench: (runs: number) => Promise<unknown>;
  }
}

window.poolkitBench = async (runs: number) => {
  const day = hashrateSeries(8_640, 10_000, 120e12, { seed: 4 });
  const year = hashrateSeries(525_600, (30 * DAY) / 525_600, 3.2e18, { seed: 2 });
  return {
    workerTable: await workerTable(runs),
    hashrateChart8640: await hashrateChart(day, '24h', runs),
    hashrateChart525600: await hashrateChart(year, '30d', runs),
  };
};
