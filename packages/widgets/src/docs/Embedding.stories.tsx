import type { Meta, StoryObj } from '@storybook/react-vite';
import { createElement, useEffect } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { ConnectedHashrateChart, ConnectedPoolStatsCard } from '../connected/ConnectedWidgets';
import { fakePoolApi } from '../connected/fakePoolApi';
import { defineElements } from '../elements/defineElements';
import { PoolKitThemeProvider } from '../theme/PoolKitThemeProvider';
import { type ThemeVariable, themeVariables } from '../theme/themeVariables';

/**
 * The live examples of the "Embedding" docs page (`Embedding.mdx`): the connected widgets as an
 * npm user's app renders them, a partner's theme override, and every theme variable.
 */
const meta = {
  title: 'Guides/Embedding',
  // The page is the MDX file attached to these stories, not an automatic one.
  tags: ['!autodocs'],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The connected chart against a stand-in for the pool (no server in Storybook). */
function StandInChart() {
  return (
    <ConnectedHashrateChart
      coin="kas"
      baseUrl="https://pool.example/api"
      fetch={fakePoolApi()}
      refreshMs={0}
    />
  );
}

const purple = {
  '--pk-color-brand': '#5b21b6',
  '--pk-color-brand-text': '#4c1d95',
  '--pk-color-accent': '#7c3aed',
} as const;

/** `npm install @poolkit/widgets @poolkit/core`: the pool's figures by coin, fetched by the widgets. */
export const Npm: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 960 }}>
      <ConnectedPoolStatsCard
        coin="kas"
        baseUrl="https://pool.example/api"
        fetch={fakePoolApi()}
        refreshMs={0}
      />
      <StandInChart />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'KAS pool' })).toBeInTheDocument();
    await canvas.findByTestId('hashrate-plot');
  },
};

/** The same chart with a partner's brand colour (`overrides`, or CSS on any element around it). */
export const ThemeOverride: Story = {
  render: () => (
    <PoolKitThemeProvider overrides={purple}>
      <div style={{ maxWidth: 960 }}>
        <StandInChart />
      </div>
    </PoolKitThemeProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('hashrate-plot');
    // The chart reads the variables when it draws: the accepted hashrate takes the partner's accent.
    await waitFor(() => {
      const strokes = [...canvasElement.querySelectorAll('svg path[stroke]')].map((path) =>
        path.getAttribute('stroke'),
      );
      expect(strokes).toContain(purple['--pk-color-accent']);
    });
  },
};

const POOL = 'https://pool.example';

/** An `EventSource` that never connects: the elements poll instead, quietly. */
class OfflineEventSource {
  readonly readyState = 0;
  onopen = null;
  onerror = null;
  addEventListener(): void {}
  close(): void {}
}

/**
 * The custom elements as the pool's module defines them, styled with this page's copy of the
 * widgets' CSS (the module carries the same text), reading the stand-in pool.
 */
function ScriptTagExample() {
  useEffect(() => {
    const cssText = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .join('\n');
    defineElements({ cssText, moduleUrl: `${POOL}/embed/v0.1.0/poolkit-elements.js` });
  }, []);
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 960 }}>
      {createElement('poolkit-pool-stats', { coin: 'kas' })}
      {createElement('poolkit-hashrate-chart', {
        coin: 'kas',
        range: '7d',
        theme: 'dark',
        style: { '--pk-color-accent': '#7c3aed' },
      })}
    </div>
  );
}

/**
 * `<script type="module" src="https://pool.example/embed/v…/poolkit-elements.js">`, then
 * `<poolkit-pool-stats coin="kas">` and a dark `<poolkit-hashrate-chart>` whose accent the page
 * sets on the element.
 */
export const ScriptTag: Story = {
  beforeEach: () => {
    const pool = fakePoolApi();
    const { fetch: pageFetch, EventSource: pageEventSource } = globalThis;
    globalThis.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).startsWith(POOL)
        ? pool(input, init)
        : pageFetch(input, init);
    globalThis.EventSource = OfflineEventSource as unknown as typeof EventSource;
    return () => {
      globalThis.fetch = pageFetch;
      globalThis.EventSource = pageEventSource;
    };
  },
  render: () => <ScriptTagExample />,
  play: async ({ canvasElement }) => {
    const shadow = (tag: string) => canvasElement.querySelector(tag)?.shadowRoot ?? null;
    await waitFor(() =>
      expect(shadow('poolkit-pool-stats')?.querySelector('h2, h3')?.textContent).toBe('KAS pool'),
    );
    // The page's rule on the element reaches the chart inside its shadow root.
    await waitFor(() => {
      const strokes = [
        ...(shadow('poolkit-hashrate-chart')?.querySelectorAll('svg path[stroke]') ?? []),
      ];
      expect(strokes.map((path) => path.getAttribute('stroke'))).toContain('#7c3aed');
    });
  },
};

function Swatch({ value }: { value: string }) {
  if (!/^(#|rgb|hsl)/i.test(value)) return null;
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 14,
        height: 14,
        marginInlineEnd: 6,
        verticalAlign: 'middle',
        borderRadius: 3,
        border: '1px solid rgba(0, 0, 0, 0.2)',
        background: value,
      }}
    />
  );
}

const cell = { padding: '4px 8px', borderBottom: '1px solid rgba(127, 127, 127, 0.25)' };

/** Every public theme variable with its light and dark values (`themeVariables()`). */
function ThemeVariableTable({ rows = themeVariables() }: { rows?: ThemeVariable[] }) {
  return (
    <table style={{ borderCollapse: 'collapse', fontSize: 13, width: '100%' }}>
      <caption style={{ textAlign: 'start', padding: '4px 8px' }}>
        {rows.length} theme variables
      </caption>
      <thead>
        <tr>
          {['Variable', 'vars', 'Light', 'Dark'].map((heading) => (
            <th key={heading} scope="col" style={{ ...cell, textAlign: 'start' }}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <td style={{ ...cell, whiteSpace: 'nowrap' }}>
              <code>{row.name}</code>
            </td>
            <td style={cell}>
              <code>{row.path}</code>
            </td>
            <td style={cell}>
              <Swatch value={row.light} />
              <code>{row.light}</code>
            </td>
            <td style={cell}>
              <Swatch value={row.dark} />
              <code>{row.dark}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export const ThemeVariables: Story = {
  render: () => <ThemeVariableTable />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = within(canvas.getByRole('table')).getAllByRole('row');
    // A header row and one row per variable of the contract.
    await expect(rows).toHaveLength(themeVariables().length + 1);
    await expect(canvas.getByText('--pk-color-brand')).toBeInTheDocument();
  },
};
