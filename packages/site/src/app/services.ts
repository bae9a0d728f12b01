import {
  type Api,
  createApi,
  createHttpClient,
  createI18n,
  createRefreshScheduler,
  createSession,
  documentCookieJar,
  type Endpoints,
  endpoints,
  type HttpClient,
  type RefreshScheduler,
  SESSION_CHANNEL_NAME,
  type Session,
  sessionHttpOptions,
} from '@poolkit/core';
import type { i18n as I18n } from 'i18next';

/** The site's long-lived services: one of each per page load. */
export interface Services {
  session: Session;
  http: HttpClient;
  api: Api<Endpoints>;
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
 * channel), the HTTP client and typed API wired to it, i18n in the stored language, and the
 * token-refresh schedule.
 */
export function createServices(): Services {
  const broadcast = broadcastChannel();
  const session = createSession({
    local: localStorage,
    session: sessionStorage,
    cookies: documentCookieJar(document),
    ...(broadcast ? { broadcast } : {}),
  });
  const http = createHttpClient({
    baseUrl: '/api',
    ...sessionHttpOptions(session),
    onAuthFailure: () => onAuthFailure(),
  });
  const api = createApi(http, endpoints);
  const i18n = createI18n({ language: session.get('language') });
  const scheduler = createRefreshScheduler(session, () => http.refreshTokens(), {
    onAuthFailure: () => onAuthFailure(),
  });
  return { session, http, api, i18n, scheduler };
}
