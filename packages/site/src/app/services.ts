import { type Api, lazyApiInParts } from '@poolkit/core/client';
import {
  ACCOUNT_GROUP_ORDER,
  type Endpoints,
  endpointGroupLoaders,
  VISITOR_GROUP_ORDER,
} from '@poolkit/core/contract';
import { createFirstScreenI18n, loadLanguage } from '@poolkit/core/i18n';
import {
  createRefreshScheduler,
  createSession,
  documentCookieJar,
  type RefreshScheduler,
  SESSION_CHANNEL_NAME,
  type Session,
} from '@poolkit/core/session';
import type { i18n as I18n } from 'i18next';
import type { Client } from './client';
import { groupsOnDemand } from './groupsOnDemand';

/** The site's long-lived services: one of each per page load. */
export interface Services {
  session: Session;
  /**
   * The typed API. Its client (ky, zod) and then the contract's endpoint groups load on the first
   * call or on `preload()`, the groups as the page asks for their methods (`groupsOnDemand`); a
   * call waits only for its own group.
   */
  api: Api<Endpoints> & { preload(): Promise<Api<Endpoints>> };
  i18n: I18n;
  scheduler: RefreshScheduler;
}

/** Where an auth failure (failed refresh, missing refresh token) sends the user. */
let onAuthFailure: () => void = () => {
  window.location.assign('/login');
};

/** Lets the router take over auth-failure navigation once it exists. */
export function setAuthFailureHandler(handler: () => void): void {
  onAuthFailure = handler;
}

function broadcastChannel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined'
    ? undefined
    : new BroadcastChannel(SESSION_CHANNEL_NAME);
}

/**
 * Creates the session (local and session storage, the `userID` cookie, a cross-tab broadcast
 * channel), the typed API wired to it, i18n in the stored language, and the token-refresh
 * schedule.
 *
 * The HTTP client comes from `client.ts` and the contract's endpoint groups from core, each
 * through a dynamic import, so the contract's schemas stay out of the first load; `main.tsx`
 * starts loading them right after the first render. The groups are evaluated one per task (the
 * public pages' groups first), so no task is long, and only as far as the page's calls need
 * them; the rest follow once the page has been quiet a while (`groupsOnDemand`).
 */
export function createServices(): Services {
  const broadcast = broadcastChannel();
  const session = createSession({
    local: localStorage,
    session: sessionStorage,
    cookies: documentCookieJar(document),
    ...(broadcast ? { broadcast } : {}),
  });
  // English beyond the first screen (the home page's) is its own chunk: see `createFirstScreenI18n`.
  const i18n = createFirstScreenI18n({ language: session.get('language') });
  let client: Promise<Client> | null = null;
  const loadClient = (): Promise<Client> => {
    // With the rest of the language's messages: whatever shows loaded data (the mining widgets,
    // the other pages' sections) may need them, and data arrives only through the client.
    client ??= Promise.all([import('./client'), loadLanguage(i18n)]).then(
      ([module]) => module.createClient(session, () => onAuthFailure()),
      (error: unknown) => {
        client = null;
        throw error;
      },
    );
    return client;
  };
  const demand = groupsOnDemand();
  const parts = lazyApiInParts<Endpoints>(async function* () {
    const loaded = await loadClient();
    // A signed-in user's or an observer's first calls (permissions, the unread count, their
    // account) come before a visitor's (pools, news).
    const order =
      session.isLoggedIn() || session.observer.isActive()
        ? ACCOUNT_GROUP_ORDER
        : VISITOR_GROUP_ORDER;
    yield* demand.pace(
      order.map(
        (name) => () => endpointGroupLoaders[name]().then((group) => loaded.methodsOf(group, name)),
      ),
    );
  });
  // Every method asked for tells the pacing which groups the page needs.
  const api = new Proxy(parts, {
    get(target, name, receiver) {
      if (typeof name === 'string' && name !== 'preload' && name !== 'then') demand.want(name);
      return Reflect.get(target, name, receiver);
    },
  });
  const scheduler = createRefreshScheduler(
    session,
    () => loadClient().then((loaded) => loaded.http.refreshTokens()),
    { onAuthFailure: () => onAuthFailure() },
  );
  return { session, api, i18n, scheduler };
}
