import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { poolBlocks } from '../lib/fixtures';
import {
  ConnectedBlockTable,
  ConnectedHashrateChart,
  ConnectedPoolStatsCard,
} from './ConnectedWidgets';
import { fakePoolApi } from './fakePoolApi';

const blocks = poolBlocks(25, { now: Date.now() });

/** The KAS pool of the fake API, fresh for each story, without polling. */
function kasPool() {
  return {
    coin: 'kas',
    baseUrl: 'http://pool.example/api',
    fetch: fakePoolApi(),
    refreshMs: 0,
  } as const;
}

const meta = {
  title: 'Widgets/Connected',
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const PoolStats: Story = {
  render: () => <ConnectedPoolStatsCard {...kasPool()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'KAS pool' })).toBeInTheDocument();
    await waitFor(() => expect(canvas.getByText('888,123')).toBeInTheDocument());
  },
};

export const Hashrate: Story = {
  render: () => <ConnectedHashrateChart {...kasPool()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByTestId('hashrate-plot');
    await userEvent.click(canvas.getByRole('button', { name: '7 d' }));
    await waitFor(() =>
      expect(canvasElement.querySelector('svg')?.textContent).toMatch(/\d{2}-\d{2}/),
    );
  },
};

export const Blocks: Story = {
  render: () => <ConnectedBlockTable {...kasPool()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(11);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(6),
    );
  },
};

export const Failing: Story = {
  render: () => (
    <ConnectedPoolStatsCard
      coin="kas"
      baseUrl="http://pool.example/api"
      fetch={fakePoolApi(true)}
      refreshMs={0}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'The pool is under maintenance',
    );
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

/**
 * A stand-in for the browser's `EventSource` (the pool's live stream): records the URLs it is
 * opened with and lets the story send an event as the pool would.
 */
class FakeEventSource {
  static readonly opened: FakeEventSource[] = [];
  readonly url: string;
  readyState = 1;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = 2;
  }

  send(type: string, data: unknown, id: string): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const liveFetch = fakePoolApi();

export const LiveBlocks: Story = {
  beforeEach: () => {
    const original = globalThis.EventSource;
    FakeEventSource.opened.length = 0;
    liveFetch.mockClear();
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    return () => {
      globalThis.EventSource = original;
    };
  },
  render: () => (
    <ConnectedBlockTable coin="kas" baseUrl="http://pool.example/api" fetch={liveFetch} live />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table');
    const blockCalls = () =>
      liveFetch.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes('/blocks'),
      ).length;
    await waitFor(() => expect(blockCalls()).toBe(1));
    const stream = FakeEventSource.opened.at(-1);
    await expect(stream?.url).toContain('/api/live?topics=blocks%3Akas%2Cpool%3Akas');
    // The pool finds a block: the table reads its first page again at once.
    stream?.send('block', { coin: 'kas', block: blocks[0] }, '1.2.0');
    await waitFor(() => expect(blockCalls()).toBe(2));
  },
};
