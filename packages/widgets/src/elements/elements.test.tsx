import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashrateSeries, poolBlocks, SAMPLE_POOL_STATS, workerRows } from '../lib/fixtures';
import { defineElements, hostStyles } from './defineElements';

const POOL = 'https://pool.example';

/** Every request the elements made, as URLs. */
let requests: { url: URL; credentials: RequestCredentials | undefined }[] = [];

function envelope(data: unknown): Response {
  return new Response(JSON.stringify({ code: 0, msg: 'success', data }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** The pool's public reads, answered from the fixtures. */
async function poolFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  requests.push({ url, credentials: request.credentials });
  const path = url.pathname;
  if (path === '/api/pools/kas/stats') {
    return envelope({ ...SAMPLE_POOL_STATS, coin: 'kas' });
  }
  if (path === '/api/pools/kas/hashrates') {
    const points = hashrateSeries(24, 3_600_000, 4e15, { seed: 3 });
    return envelope({ interval: url.searchParams.get('interval'), points });
  }
  if (path === '/api/pools/kas/blocks') {
    const list = poolBlocks(12, { seed: 2 }).slice(0, 10);
    return envelope({ list, total: 12, page: 1, page_size: 10 });
  }
  if (/^\/api\/address-mining\/kas\/miner\/[^/]+\/workers$/.test(path)) {
    const list = workerRows(3, { seed: 1 });
    return envelope({ list, total: list.length, page: 1, page_size: 50 });
  }
  return new Response(JSON.stringify({ code: 40400, msg: 'not found' }), { status: 404 });
}

/** The URLs of the live streams the elements opened. */
let streamUrls: string[] = [];

/** An `EventSource` that never connects: the elements fall back to polling, quietly. */
class SilentEventSource {
  constructor(url: string) {
    streamUrls.push(url);
  }
  readonly readyState = 0;
  onopen = null;
  onerror = null;
  addEventListener(): void {}
  close(): void {}
}

beforeAll(() => {
  // The widgets' CSS is in the document's sheets here (the test build injects it); the real
  // module gets the same text from its build.
  const cssText = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
    .join('\n');
  defineElements({ cssText, moduleUrl: `${POOL}/embed/v0.0.0/poolkit-elements.js` });
});

beforeEach(() => {
  requests = [];
  streamUrls = [];
  vi.stubGlobal('fetch', vi.fn(poolFetch));
  vi.stubGlobal('EventSource', SilentEventSource);
});

afterEach(() => {
  document.body.replaceChildren();
  document.head.querySelector('style[data-partner]')?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mount(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.style.width = '720px';
  holder.innerHTML = html;
  document.body.append(holder);
  const element = holder.firstElementChild;
  if (!(element instanceof HTMLElement)) throw new Error('nothing mounted');
  return element;
}

function shadowOf(element: HTMLElement): ShadowRoot {
  if (element.shadowRoot === null) throw new Error(`<${element.localName}> has no shadow root`);
  return element.shadowRoot;
}

/** The provider's wrapper inside the shadow root (it carries the theme and the font). */
async function wrapperOf(element: HTMLElement): Promise<HTMLElement> {
  await expect.poll(() => shadowOf(element).querySelector('[data-theme]')).not.toBeNull();
  return shadowOf(element).querySelector('[data-theme]') as HTMLElement;
}

describe('PoolKit custom elements', () => {
  it('should render a pool card from the pool of its script, styled by an adopted sheet only', async () => {
    const element = mount('<poolkit-pool-stats coin="kas"></poolkit-pool-stats>');
    const shadow = shadowOf(element);
    await expect.poll(() => shadow.textContent).toContain('KAS pool');
    await expect.poll(() => shadow.textContent).toContain('18,344');
    expect(requests[0]?.url.href).toBe(`${POOL}/api/pools/kas/stats`);
    expect(requests.every((request) => request.credentials === 'omit')).toBe(true);
    expect(shadow.adoptedStyleSheets).toHaveLength(1);
    expect(shadow.querySelector('style, link')).toBeNull();
    // The widgets' classes apply inside the shadow root: the card is laid out, not bare text.
    const wrapper = await wrapperOf(element);
    expect(getComputedStyle(wrapper).fontFamily).toContain('system-ui');
  });

  it('should follow the api, lang and theme attributes, re-rendering when they change', async () => {
    const element = mount(
      '<poolkit-pool-stats coin="kas" api="http://other.example:8080/ignored/path"></poolkit-pool-stats>',
    );
    const shadow = shadowOf(element);
    await expect
      .poll(() => requests[0]?.url.href)
      .toBe('http://other.example:8080/api/pools/kas/stats');
    const wrapper = await wrapperOf(element);
    expect(getComputedStyle(wrapper).backgroundColor).toBe('rgb(246, 248, 250)');

    element.setAttribute('lang', 'ja');
    await expect.poll(() => shadow.textContent).toContain('KAS プール');
    element.setAttribute('theme', 'Dark');
    await expect.poll(() => getComputedStyle(wrapper).backgroundColor).toBe('rgb(13, 17, 23)');
  });

  it("should let a partner's rule on the element override the theme's variables, dark too", async () => {
    const rule = document.createElement('style');
    rule.dataset.partner = '';
    rule.textContent =
      'poolkit-hashrate-chart { --pk-color-accent: #5b21b6; --pk-color-text: rgb(76, 29, 149); --pk-color-background: rgb(1, 2, 3); }';
    document.head.append(rule);
    const element = mount(
      '<poolkit-hashrate-chart coin="kas" theme="dark"></poolkit-hashrate-chart>',
    );
    const shadow = shadowOf(element);
    const wrapper = await wrapperOf(element);
    expect(getComputedStyle(wrapper).backgroundColor).toBe('rgb(1, 2, 3)');
    await expect.poll(() => shadow.querySelector('button[aria-pressed="true"]')).not.toBeNull();
    const range = shadow.querySelector('button[aria-pressed="true"]') as HTMLElement;
    expect(getComputedStyle(range).color).toBe('rgb(76, 29, 149)');
    // The chart reads the variables when it draws: the partner's accent reaches the area's line.
    await expect
      .poll(() =>
        [...shadow.querySelectorAll('svg path[stroke]')].map((path) => path.getAttribute('stroke')),
      )
      .toContain('#5b21b6');
  });

  it('should ask the pool for the range attribute and follow its changes', async () => {
    const element = mount(
      '<poolkit-hashrate-chart coin="kas" range="7d"></poolkit-hashrate-chart>',
    );
    const ranges = () =>
      requests
        .filter((request) => request.url.pathname.endsWith('/hashrates'))
        .map((request) => request.url.searchParams.get('range'));
    await expect.poll(ranges).toEqual(['7d']);
    element.setAttribute('range', '30d');
    await expect.poll(ranges).toEqual(['7d', '30d']);
  });

  it("should list an address's workers, without a notifications landmark of its own", async () => {
    const element = mount(
      '<poolkit-worker-table coin="kas" address="kaspa:qexample"></poolkit-worker-table>',
    );
    const shadow = shadowOf(element);
    await expect
      .poll(() => requests.map((request) => request.url.pathname))
      .toContain('/api/address-mining/kas/miner/kaspa%3Aqexample/workers');
    await expect.poll(() => shadow.querySelectorAll('tbody tr').length).toBeGreaterThan(1);
    // The stats widgets raise no toasts: a toast region per element would repeat one landmark
    // on a partner's page as many times as it has elements.
    expect(shadow.querySelector('section[aria-label="Notifications"]')).toBeNull();
    expect(document.querySelector('section[aria-label="Notifications"]')).toBeNull();
  });

  it("should count down to the coin's next halving from the pool's height, and draw its luck", async () => {
    const halving = mount('<poolkit-halving-countdown coin="kas"></poolkit-halving-countdown>');
    await expect.poll(() => shadowOf(halving).textContent).toContain('KAS halving');
    expect(requests.map((request) => request.url.pathname)).toContain('/api/pools/kas/stats');
    const luck = mount('<poolkit-luck coin="kas"></poolkit-luck>');
    await expect.poll(() => shadowOf(luck).textContent).toContain('Luck');
    const blocks = requests.find((request) => request.url.pathname.endsWith('/kas/blocks'));
    expect(blocks?.url.searchParams.get('page_size')).toBe('30');
  });

  it("should page the pool's blocks ten at a time and follow them live", async () => {
    const element = mount('<poolkit-blocks coin="kas"></poolkit-blocks>');
    const shadow = shadowOf(element);
    await expect.poll(() => shadow.querySelectorAll('tbody tr').length).toBe(10);
    const blocks = requests.find((request) => request.url.pathname.endsWith('/kas/blocks'));
    expect(blocks?.url.searchParams.get('page_size')).toBe('10');
    // Twelve blocks: a second page to go to.
    expect(shadow.querySelector('button[aria-label="Page 2"]')).not.toBeNull();
    await expect
      .poll(() => streamUrls.map((url) => new URL(url).searchParams.get('topics')))
      .toEqual(['pool:kas,blocks:kas']);
  });

  it("should share one live stream per pool and coin among a page's elements", async () => {
    mount(
      '<div><poolkit-pool-stats coin="kas"></poolkit-pool-stats><poolkit-blocks coin="kas"></poolkit-blocks><poolkit-luck coin="kas"></poolkit-luck><poolkit-luck coin="alph"></poolkit-luck></div>',
    );
    await expect.poll(() => streamUrls.length).toBe(2);
    await new Promise((wait) => setTimeout(wait, 100));
    expect(streamUrls.map((url) => new URL(url).searchParams.get('topics')).sort()).toEqual([
      'pool:alph,blocks:alph',
      'pool:kas,blocks:kas',
    ]);
  });

  it('should render nothing and name the attribute when the coin is unknown', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = mount('<poolkit-blocks coin="nope"></poolkit-blocks>');
    await expect.poll(() => error.mock.calls.length).toBeGreaterThan(0);
    expect(String(error.mock.calls[0]?.[0])).toMatch(
      /^<poolkit-blocks>: coin must be one of btc, /,
    );
    expect(shadowOf(element).textContent).toBe('');

    // Workers by address: only the coins mined by address have them.
    mount('<poolkit-worker-table coin="btc" address="bc1qexample"></poolkit-worker-table>');
    await expect.poll(() => error.mock.calls.length).toBeGreaterThan(1);
    expect(String(error.mock.calls.at(-1)?.[0])).toMatch(
      /^<poolkit-worker-table>: coin must be mined by address: alph, kas/,
    );

    const workers = mount('<poolkit-worker-table coin="kas"></poolkit-worker-table>');
    await expect.poll(() => error.mock.calls.length).toBeGreaterThan(2);
    expect(String(error.mock.calls.at(-1)?.[0])).toMatch(/^<poolkit-worker-table>: address must/);
    expect(shadowOf(workers).textContent).toBe('');
    expect(requests).toEqual([]);
  });

  it("should declare the theme's values on :host, light and dark", () => {
    const css = hostStyles();
    expect(css).toMatch(/:host \{ display: block; --pk-color-brand: #0F8B7D;/);
    expect(css).toMatch(
      /:host\(\[theme="dark" i\]\) \{ color-scheme: dark; --pk-color-brand: #2BC4B1;/,
    );
  });
});
