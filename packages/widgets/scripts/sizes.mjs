/**
 * The widgets' byte budgets and how they are measured: the one place for both. `npm run sizes`
 * (in `npm test`) checks them; `scripts/bench.mjs` prints the same figures and
 * `scripts/budgets.mjs` checks them beside the timing budgets.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CONSUMER_BUDGETS_KB } from './consumerBuild.mjs';

const packageDir = resolve(import.meta.dirname, '..');

/**
 * Gzip budgets in KB (1,024 bytes) of the widget entries that need more than
 * {@link OTHER_WIDGET_KB}, by entry name (`widgets/<Name>/<Name>`), counted with every chunk the
 * entry imports statically, bundled as an app would (everything but React).
 */
export const WIDGET_BUDGETS_KB = {
  // The cloud-mining widgets carry their English (core's `contracts` group, 2.3 KB), which
  // `PoolKitProvider` no longer bundles for every app.
  'widgets/ContractDashboard/ContractDashboard': 12,
  'widgets/ContractProductCard/ContractProductCard': 12,
  // The deposit address with its QR code (the base kit's encoder, about 2 KB) and the list of
  // recent deposits with their times and states.
  'widgets/DepositCard/DepositCard': 12,
  // The quote's countdown and two steps, in the money dialogs' shell (a native <dialog>, no
  // floating-ui) with the kit's FormField: 8.5 KB before the shell, 11.1 KB with it, 10.6 KB
  // once the field drew its error icon in the stylesheet and took the widgets' srOnly and no
  // `cx`, 10.5 KB with the quote's figures styled through their list. Another 0.35 KB is core's
  // withdrawal rule, shared with WithdrawDialog only because the in-pool check reads the API's
  // decimal limit from the same module.
  'widgets/ExchangeDialog/ExchangeDialog': 11,
  'widgets/HashrateChart/HashrateChart': 60,
  'widgets/Luck/Luck': 60,
  // The link card with core's English \`mining\` labels, which grew past 10 KB by 0.03 KB with the
  // wallet's (refunds, pending deposits, fees included).
  'widgets/ObserverLinkCard/ObserverLinkCard': 11,
  // The orders' table (10 KB before) with its English, as above; 13.02 KB since the state blocks
  // are a chunk of their own (see WalletCard).
  'widgets/OrderTable/OrderTable': 13.5,
  // The money dialogs' shell and FormField as ExchangeDialog, and the code-or-passkey second
  // validation it shares with WithdrawDialog: 9.2 KB before, 12.1 KB with them, 11.6 KB with
  // ExchangeDialog's savings (the same 0.35 KB of core's withdrawal rule left to take), 11.4 KB
  // once the passkey's panel was drawn inside the code step instead of by components of its own.
  'widgets/TransferDialog/TransferDialog': 11.5,
  // The balances' list card: 9.96 KB until the state blocks (skeleton, error, empty) became a
  // chunk of their own, which the cards and dialogs that draw their states themselves load
  // without the list card and the state switch (0.35 KB less for each of a dozen widgets); the
  // list widgets pay about 0.2 KB for the second chunk.
  'widgets/WalletCard/WalletCard': 10.5,
  // Three steps, the address book and every coin's address shape (core's patterns) to check a
  // new address before it is sent, and the passkey as either second validation (with section 8's
  // "Verification Failed" panel). Amounts at the coin's full precision with grouping and unit
  // (core's formatCoinMoney) took it 0.02 KB past 13 KB; the money dialogs' shell, FormField
  // and the steps' reducer, with core's withdrawal check (the coin's own decimals, as the server
  // checks, from core's small chain-decimals table) to 16.6 KB; 16.1 KB once that check no
  // longer loads core's list of coin ids and FormField slimmed down as in ExchangeDialog; 15.5 KB
  // with the state blocks alone (no list card) and the code step as in TransferDialog.
  'widgets/WithdrawDialog/WithdrawDialog': 15.5,
  // Rows of every kind (pending deposits with their confirmations, refunds, a withdrawal's fee
  // included in its amount) at each coin's exact decimals (core's coin display table).
  'widgets/TransactionTable/TransactionTable': 11,
  'widgets/WorkerTable/WorkerTable': 20,
};

/** The gzip budget in KB of every other widget entry. */
export const OTHER_WIDGET_KB = 10;

/**
 * @typedef {object} WidgetSizes
 * @property {Record<string, { gzipBytes: number, chunks: number }>} entries Each entry with
 *   every chunk it imports statically: what loading it costs.
 * @property {number} packageJsGzipBytes Every JavaScript chunk of the package.
 * @property {number} cssGzipBytes The one stylesheet of every widget.
 */

/**
 * Builds every entry of the package in memory the way an app would bundle it (`vite build --mode
 * bench`: everything but React bundled, minified, production) and measures the gzip size (level
 * 9) of each entry with every chunk it imports statically, transitively. Writes nothing.
 *
 * @returns {Promise<WidgetSizes>}
 */
export async function measureWidgetSizes() {
  // Imported here, so reading the budgets does not load Vite.
  const { build } = await import('vite');
  const result = await build({
    configFile: resolve(packageDir, 'vite.config.ts'),
    root: packageDir,
    mode: 'bench',
    logLevel: 'error',
    build: { write: false, outDir: 'node_modules/.cache/poolkit-bench/dist' },
  });
  const output = (Array.isArray(result) ? result[0] : result).output;
  const chunks = new Map(
    output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
  );
  const gzip = (text) => gzipSync(text, { level: 9 }).length;
  const gzipOf = new Map([...chunks].map(([name, chunk]) => [name, gzip(chunk.code)]));

  const entries = {};
  for (const chunk of chunks.values()) {
    if (!chunk.isEntry) continue;
    const seen = new Set();
    const visit = (fileName) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
    };
    visit(chunk.fileName);
    const gzipBytes = [...seen].reduce((sum, fileName) => sum + (gzipOf.get(fileName) ?? 0), 0);
    entries[chunk.name] = { gzipBytes, chunks: seen.size };
  }
  const css = output.filter((item) => item.type === 'asset' && item.fileName.endsWith('.css'));
  return {
    entries,
    packageJsGzipBytes: [...gzipOf.values()].reduce((sum, bytes) => sum + bytes, 0),
    cssGzipBytes: css.reduce((sum, asset) => sum + gzip(asset.source), 0),
  };
}

/**
 * The measured sizes as figures with their budgets: every widget entry (budget from
 * {@link WIDGET_BUDGETS_KB}, else {@link OTHER_WIDGET_KB}), a budgeted entry the build no longer
 * has (missing, so it fails), and the whole kit, the `connected` layer, all chunks and the
 * stylesheet without a budget (printed only).
 *
 * @param {WidgetSizes} sizes
 * @returns {import('../../../scripts/checkSizes.mjs').SizeFigure[]}
 */
export function widgetSizeFigures(sizes) {
  const names = Object.keys(sizes.entries).sort();
  const widgets = names.filter((name) => name.startsWith('widgets/'));
  const others = names.filter((name) => !name.startsWith('widgets/'));
  const missing = Object.keys(WIDGET_BUDGETS_KB).filter((name) => !(name in sizes.entries));
  const shortName = (name) => (name.startsWith('widgets/') ? (name.split('/')[1] ?? name) : name);
  return [
    ...[...widgets, ...missing].sort().map((name) => ({
      name: shortName(name),
      gzipBytes: sizes.entries[name]?.gzipBytes,
      budgetKb: WIDGET_BUDGETS_KB[name] ?? OTHER_WIDGET_KB,
    })),
    ...others.map((name) => ({ name, gzipBytes: sizes.entries[name]?.gzipBytes })),
    { name: 'all JS chunks', gzipBytes: sizes.packageJsGzipBytes },
    { name: 'style.css', gzipBytes: sizes.cssGzipBytes },
  ];
}

/**
 * Gzip budget in KB of the custom elements' module (`dist/elements/poolkit-elements.js`, README
 * "Embedding without a build"), which a partner's page loads whole: React and react-dom, core
 * with the messages of all five languages (about half of it), and the six widgets. 331 KB today.
 */
export const ELEMENTS_BUDGET_KB = 345;

/**
 * The custom elements' module as a figure with its budget; `undefined` bytes (not built) fail.
 *
 * @param {number | undefined} gzipBytes
 * @returns {import('../../../scripts/checkSizes.mjs').SizeGroup}
 */
export function elementsSizeGroup(gzipBytes) {
  return {
    title: "@poolkit/widgets' custom elements: the one module a partner's page loads",
    source: 'packages/widgets/scripts/sizes.mjs (ELEMENTS_BUDGET_KB)',
    figures: [{ name: 'poolkit-elements.js', gzipBytes, budgetKb: ELEMENTS_BUDGET_KB }],
  };
}

/** The gzip size (level 9) of the built elements' module, `undefined` when it is not built. */
export function measureElements() {
  const file = resolve(packageDir, 'dist/elements/poolkit-elements.js');
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : undefined;
}

/**
 * The widgets' part of `npm run sizes`: builds in memory, measures, and returns the figures with
 * their budgets; then the consumer apps (which build the packages' `dist` unless `skipBuild`)
 * and the custom elements' module of that build.
 *
 * @returns {Promise<import('../../../scripts/checkSizes.mjs').SizeGroup>}
 */
export async function sizes({ skipBuild = false } = {}) {
  return [
    {
      title: '@poolkit/widgets: each entry bundled as an app would, React excluded',
      source: 'packages/widgets/scripts/sizes.mjs',
      figures: widgetSizeFigures(await measureWidgetSizes()),
    },
    await consumerSizes({ skipBuild }),
    elementsSizeGroup(measureElements()),
  ];
}

/**
 * Budgets in KB of the first screen of a plain Vite app above React and react-dom, built against
 * the packages' `dist` (`consumerBuild.mjs`), offline: issue 17's own budgets
 * (`CONSUMER_BUDGETS_KB`, 20 and 60 KB), which `consumer-size.mjs` checks against the packed
 * tarballs. They hold because `PoolKitProvider` bundles neither i18next nor the site's English
 * (only English of the groups every widget shows) and never the chart engine: i18next back in
 * the provider (about 20 KB), the whole of English (about 15 KB more) or the chart engine (26 KB
 * and more) fails them.
 */
export const CONSUMER_CEILINGS_KB = CONSUMER_BUDGETS_KB;

/**
 * The consumer apps' part of `npm run sizes`: builds core's and the widgets' `dist` unless
 * `skipBuild` (then they must be built), then the apps, in `node_modules/.cache` of the
 * repository so `react`, `react-dom` and the packages resolve from the workspace.
 *
 * @returns {Promise<import('../../../scripts/checkSizes.mjs').SizeGroup>}
 */
export async function consumerSizes({ skipBuild = false } = {}) {
  const root = resolve(packageDir, '../..');
  if (!skipBuild) {
    execFileSync('npm', ['run', 'build', '-w', '@poolkit/core', '-w', '@poolkit/widgets'], {
      cwd: root,
      stdio: 'ignore',
    });
  }
  const { build } = await import('vite');
  const { measureConsumer } = await import('./consumerBuild.mjs');
  const { apps, aboveReact } = await measureConsumer(
    build,
    resolve(root, 'node_modules/.cache/poolkit-consumer'),
  );
  return {
    title: 'A Vite app on the built packages: first-screen JS above React and react-dom',
    source: 'packages/widgets/scripts/sizes.mjs (CONSUMER_CEILINGS_KB)',
    figures: [
      { name: 'react + react-dom alone', gzipBytes: apps['react + react-dom'] },
      ...Object.entries(CONSUMER_CEILINGS_KB).map(([name, budgetKb]) => ({
        name,
        gzipBytes: aboveReact[name],
        budgetKb,
      })),
    ],
  };
}
