/// <reference types="vite/client" />
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import readme from '../../README.md?raw';
import { Button } from '../components/Button/Button';
import { PoolKitProvider } from '../components/PoolKitProvider/PoolKitProvider';
import { Tab, TabList, Tabs } from '../components/Tabs/Tabs';
import { averageSeries, hashrateSeries } from '../lib/fixtures';
import { HashrateChart } from '../widgets/HashrateChart/HashrateChart';
import { vars } from './contract.css';
import { themeVariables, themeVariablesTable } from './themeVariables';

let root: Root | undefined;

afterEach(() => {
  root?.unmount();
  document.body.replaceChildren();
});

function render(children: ReactNode, overrides?: Record<`--pk-${string}`, string>): HTMLElement {
  const container = document.createElement('div');
  container.style.width = '640px';
  document.body.append(container);
  root = createRoot(container);
  flushSync(() =>
    root?.render(
      <PoolKitProvider {...(overrides === undefined ? {} : { overrides })}>
        {children}
      </PoolKitProvider>,
    ),
  );
  return container;
}

const accepted = hashrateSeries(144, 600_000, 128e12, { seed: 5 });

function kit() {
  return (
    <>
      <Button variant="primary">Save</Button>
      <Tabs defaultValue="a">
        <TabList aria-label="Views">
          <Tab value="a">A</Tab>
          <Tab value="b">B</Tab>
        </TabList>
      </Tabs>
      <HashrateChart
        series={[
          { key: 'accepted', kind: 'accepted', points: accepted },
          { key: 'average', kind: 'average', points: averageSeries(accepted, 36) },
        ]}
        timezone="UTC+00:00"
      />
    </>
  );
}

/** The colours the overrides should reach: the button's fill, the active tab's text, the chart's lines. */
async function colours(container: HTMLElement) {
  // The accepted area (accent) and the dashed average line (brand) are drawn.
  await expect.poll(() => container.querySelector('path[stroke-dasharray]')).not.toBeNull();
  const button = container.querySelector('button');
  const tab = container.querySelector('[role="tab"][aria-selected="true"]');
  if (!(button instanceof HTMLElement) || !(tab instanceof HTMLElement)) {
    throw new Error('The button or the tab is missing');
  }
  return {
    button: getComputedStyle(button).backgroundColor,
    tab: getComputedStyle(tab).color,
    chart: [...container.querySelectorAll('svg path[stroke]')].map((path) =>
      path.getAttribute('stroke'),
    ),
  };
}

describe('theme variables', () => {
  it('should have stable public names, never build hashes', () => {
    expect(vars.color.brand).toBe('var(--pk-color-brand)');
    const names = themeVariables().map((variable) => variable.name);
    expect(names.length).toBeGreaterThan(60);
    for (const name of names) expect(name).toMatch(/^--pk-[a-z0-9-]+$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('should be listed in the README exactly as the contract has them', () => {
    const start = '<!-- theme-variables:start -->\n';
    const table = readme.slice(
      readme.indexOf(start) + start.length,
      readme.indexOf('\n<!-- theme-variables:end -->'),
    );
    expect(table).toBe(themeVariablesTable());
  });

  it('should recolour a button, a tab and the chart when a partner sets them', async () => {
    const before = await colours(render(kit()));
    expect(before.button).toBe('rgb(11, 111, 100)');
    expect(before.tab).toBe('rgb(11, 111, 100)');
    expect(before.chart).toContain('#0F8B7D');
    root?.unmount();
    document.body.replaceChildren();

    const after = await colours(
      render(kit(), { '--pk-color-brand': '#5b21b6', '--pk-color-brand-text': '#4c1d95' }),
    );
    expect(after.button).toBe('rgb(76, 29, 149)');
    expect(after.tab).toBe('rgb(76, 29, 149)');
    expect(after.chart).toContain('#5b21b6');
    expect(after.chart).not.toContain('#0F8B7D');
  });
});
