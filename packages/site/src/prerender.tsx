import {
  ADDRESS_MINING_COINS,
  ADDRESS_MINING_PAGES,
  type Api,
  COIN_IDS,
  createI18n,
  createRefreshScheduler,
  createSession,
  type Endpoints,
  isAddressMiningCoin,
  lazyApi,
  MemoryStorage,
} from '@poolkit/core';
import { prerenderToNodeStream } from 'react-dom/static';
import { AppProviders } from './app/App';
import { createMemoryHistory, createPath, RouterProvider } from './app/nav';
import { createSiteRouter } from './app/router';
import type { Services } from './app/services';

/**
 * Build-time rendering of a public page as a visitor in English sees it before any data
 * arrives: header, page frame, headings, skeletons. `scripts/prerender.mjs` writes the markup
 * into a copy of `index.html`; the browser hydrates it (`main.tsx`), so the page paints before
 * its scripts have run.
 *
 * Nothing here talks to the API: requests start in effects, which do not run on the server.
 * A call would be a bug, so the API refuses.
 */
function prerenderServices(): Services {
  const session = createSession({ local: new MemoryStorage(), session: new MemoryStorage() });
  const api = lazyApi<Endpoints>(() =>
    Promise.reject(new Error('The prerender does not call the API')),
  ) as Api<Endpoints> & { preload(): Promise<Api<Endpoints>> };
  const scheduler = createRefreshScheduler(session, () =>
    Promise.reject(new Error('The prerender does not refresh tokens')),
  );
  return { session, api, i18n: createI18n({ language: 'en' }), scheduler };
}

/**
 * The markup of `path` for a visitor, or `null` when the guard redirects it (a page that is not
 * public, an unknown coin).
 */
export async function prerender(path: string): Promise<string | null> {
  const services = prerenderServices();
  const history = createMemoryHistory(path);
  const router = createSiteRouter(services, history);
  await router.ready;
  router.dispose();
  const { location, rootError, pageError } = router.state;
  if (createPath(location) !== path || rootError != null || pageError != null) return null;
  // `prerender…` waits for every suspended part (the lazily loaded chart) instead of leaving a
  // client-rendered hole, so the browser hydrates what it would render itself.
  const { prelude } = await prerenderToNodeStream(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * The public pages worth painting before scripts run: the home page, the information pages,
 * the miner catalogue, and the address-mining and pool statistics pages of every coin. Paths the
 * guard redirects (`/mining/kas/ip-statistics`: IP statistics are Aleo's only) are skipped by
 * {@link prerender}. Pages that depend on the visitor (sign-in forms with a captcha, tickets)
 * are left to the browser.
 */
export const PRERENDER_PATHS: readonly string[] = [
  '/',
  '/download',
  '/terms',
  '/about-us',
  '/miners',
  ...ADDRESS_MINING_COINS.flatMap((coin) =>
    ADDRESS_MINING_PAGES.map((page) => `/mining/${coin}/${page}`),
  ),
  ...COIN_IDS.filter((coin) => !isAddressMiningCoin(coin)).flatMap((coin) => [
    `/pool/${coin}/stat`,
    `/pool/${coin}/info`,
  ]),
];
