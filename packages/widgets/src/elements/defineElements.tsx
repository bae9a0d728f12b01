import {
  ADDRESS_MINING_COINS,
  COIN_IDS,
  type CoinId,
  isAddressMiningCoin,
  isCoinId,
  type Language,
} from '@poolkit/core';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PoolKitProvider } from '../components/PoolKitProvider/PoolKitProvider';
import { darkTheme, lightTheme } from '../theme/themes.css';
import { themeVariables } from '../theme/themeVariables';
import type { HashrateRange } from '../widgets/HashrateChart/HashrateChart';
import {
  EmbedBlocks,
  EmbedHalvingCountdown,
  EmbedHashrateChart,
  EmbedLuck,
  EmbedPoolStats,
  type EmbedProps,
  EmbedWorkerTable,
} from './embedWidgets';

/** The attributes every element reads. */
export const COMMON_ATTRIBUTES = ['coin', 'api', 'theme', 'lang'] as const;

/** `lang` values and the catalogue each one shows. */
const LANGUAGE_OF: Readonly<Record<string, Language>> = {
  en: 'en',
  zh: 'zh-CN',
  'zh-cn': 'zh-CN',
  ru: 'ru',
  ja: 'ja',
  ko: 'ko',
};

/** `range` values of `<poolkit-hashrate-chart>` (`1d` is another name for `24h`). */
const RANGE_OF: Readonly<Record<string, HashrateRange>> = {
  '24h': '24h',
  '1d': '24h',
  '7d': '7d',
  '30d': '30d',
};

/** The attributes of one element, read and checked. */
export interface ElementAttributes {
  coin: CoinId;
  /** The pool's API base: `{api attribute's origin}/api`. */
  baseUrl: string;
  theme: 'light' | 'dark';
  language: Language;
  /** Every attribute as written, for the element's own ones (`range`, `address`). */
  raw: (name: string) => string | null;
}

/**
 * The CSS of the shadow root besides the widgets' own: the theme's values declared on `:host`
 * (light, or dark with `theme="dark"`), so a partner's rule on the element
 * (`poolkit-hashrate-chart { --pk-color-brand: #5b21b6 }`) wins over them, as rules of the page
 * win over `:host` rules; and the built-in theme classes of the provider's wrapper set back to
 * `inherit`, so the values come from the host instead of the wrapper.
 */
export function hostStyles(): string {
  const variables = themeVariables();
  const declare = (pick: (row: (typeof variables)[number]) => string) =>
    variables.map((row) => `${row.name}: ${pick(row)};`).join(' ');
  const themeClasses = [lightTheme, darkTheme]
    .flatMap((names) => names.split(/\s+/))
    .filter((name) => name !== '')
    .map((name) => `.${CSS.escape(name)}`)
    .join(', ');
  return [
    `:host { display: block; ${declare((row) => row.light)} }`,
    ':host([hidden]) { display: none; }',
    `:host([theme="dark" i]) { color-scheme: dark; ${declare((row) => row.dark)} }`,
    `${themeClasses} { ${variables.map((row) => `${row.name}: inherit;`).join(' ')} }`,
  ].join('\n');
}

let sharedSheet: CSSStyleSheet | null = null;

/** One stylesheet for every element's shadow root: the widgets' CSS, then {@link hostStyles}. */
function elementSheet(cssText: string): CSSStyleSheet {
  if (sharedSheet === null) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(`${cssText}\n${hostStyles()}`);
  }
  return sharedSheet;
}

/** What {@link defineElements} needs. */
export interface DefineElementsOptions {
  /** The widgets' CSS (vanilla-extract's output), adopted by every shadow root. */
  cssText: string;
  /** The module's own URL (`import.meta.url`): `api` defaults to its origin. */
  moduleUrl: string;
}

/** One element: its tag, the extra attributes it reads and what it renders. */
interface ElementSpec {
  readonly name: string;
  readonly attributes: readonly string[];
  readonly render: (attributes: ElementAttributes) => ReactNode;
}

const embedProps = ({ coin, baseUrl }: ElementAttributes): EmbedProps => ({ coin, baseUrl });

/** The elements, by tag. */
export const ELEMENTS: readonly ElementSpec[] = [
  {
    name: 'poolkit-hashrate-chart',
    attributes: ['range'],
    render: (attributes) => (
      <EmbedHashrateChart
        {...embedProps(attributes)}
        range={RANGE_OF[(attributes.raw('range') ?? '').toLowerCase()] ?? '24h'}
      />
    ),
  },
  {
    name: 'poolkit-pool-stats',
    attributes: [],
    render: (attributes) => <EmbedPoolStats {...embedProps(attributes)} />,
  },
  {
    name: 'poolkit-blocks',
    attributes: [],
    render: (attributes) => <EmbedBlocks {...embedProps(attributes)} />,
  },
  {
    name: 'poolkit-luck',
    attributes: [],
    render: (attributes) => <EmbedLuck {...embedProps(attributes)} />,
  },
  {
    name: 'poolkit-halving-countdown',
    attributes: [],
    render: (attributes) => <EmbedHalvingCountdown {...embedProps(attributes)} />,
  },
  {
    name: 'poolkit-worker-table',
    attributes: ['address'],
    render: (attributes) => {
      const { coin } = attributes;
      if (!isAddressMiningCoin(coin)) {
        console.error(
          `<poolkit-worker-table>: coin must be mined by address: ${ADDRESS_MINING_COINS.join(', ')} (got "${coin}")`,
        );
        return null;
      }
      const address = (attributes.raw('address') ?? '').trim();
      if (address === '') {
        console.error('<poolkit-worker-table>: address must be a mining address of the coin');
        return null;
      }
      return <EmbedWorkerTable coin={coin} baseUrl={attributes.baseUrl} address={address} />;
    },
  },
];

/**
 * Reads an element's common attributes. `null` (after a console error naming the attribute)
 * when `coin` or `api` is unusable: the element then shows nothing.
 */
export function readAttributes(element: HTMLElement, moduleUrl: string): ElementAttributes | null {
  const tag = element.localName;
  const coin = element.getAttribute('coin') ?? '';
  if (!isCoinId(coin)) {
    console.error(`<${tag}>: coin must be one of ${COIN_IDS.join(', ')} (got "${coin}")`);
    return null;
  }
  const api = element.getAttribute('api')?.trim() || moduleUrl;
  if (!URL.canParse(api, document.baseURI)) {
    console.error(
      `<${tag}>: api must be the pool's origin, e.g. https://pool.example (got "${api}")`,
    );
    return null;
  }
  const origin = new URL(api, document.baseURI).origin;
  return {
    coin,
    baseUrl: `${origin}/api`,
    theme: element.getAttribute('theme')?.toLowerCase() === 'dark' ? 'dark' : 'light',
    language: LANGUAGE_OF[(element.getAttribute('lang') ?? 'en').toLowerCase()] ?? 'en',
    raw: (name) => element.getAttribute(name),
  };
}

/** The class of one element: a shadow root with the shared sheet and a React root in it. */
function elementClass(spec: ElementSpec, options: DefineElementsOptions): CustomElementConstructor {
  return class PoolKitElement extends HTMLElement {
    static observedAttributes = [...COMMON_ATTRIBUTES, ...spec.attributes];

    #root: Root | null = null;

    connectedCallback(): void {
      if (this.#root === null) {
        const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
        shadow.adoptedStyleSheets = [elementSheet(options.cssText)];
        const container = document.createElement('div');
        shadow.replaceChildren(container);
        this.#root = createRoot(container);
      }
      this.#render();
    }

    attributeChangedCallback(): void {
      if (this.#root !== null) this.#render();
    }

    disconnectedCallback(): void {
      // A move (removed and put back in the same task) keeps the widget and its data.
      queueMicrotask(() => {
        if (this.isConnected || this.#root === null) return;
        this.#root.unmount();
        this.#root = null;
      });
    }

    #render(): void {
      const attributes = readAttributes(this, options.moduleUrl);
      this.#root?.render(
        attributes === null ? null : (
          // No toast region: the stats widgets raise no toasts, and one "Notifications"
          // landmark per element would repeat on a partner's page.
          <PoolKitProvider language={attributes.language} mode={attributes.theme} toasts={false}>
            {spec.render(attributes)}
          </PoolKitProvider>
        ),
      );
    }
  };
}

/**
 * Registers the custom elements (`poolkit-hashrate-chart`, `poolkit-pool-stats`,
 * `poolkit-blocks`, `poolkit-luck`, `poolkit-halving-countdown`, `poolkit-worker-table`); a tag
 * already defined (the module loaded twice) is left as it is.
 */
export function defineElements(options: DefineElementsOptions): void {
  for (const spec of ELEMENTS) {
    if (customElements.get(spec.name) === undefined) {
      customElements.define(spec.name, elementClass(spec, options));
    }
  }
}
