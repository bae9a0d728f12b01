import { RECENT_SEARCH_LIMIT } from '../constants';
import { addRecentSearch, type RecentSearch } from '../domain/recentSearches';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/languages';
import { type CookieJar, MemoryCookieJar } from './cookieJar';
import { decodeJwtExpiry, decodeJwtIssuedAt } from './decodeJwtPayload';
import type { StorageLike } from './memoryStorage';
import { readObserverToken, removeObserverToken } from './readObserverToken';
import { STORAGE_KEYS, USER_ID_COOKIE } from './storageKeys';

/** The pair of tokens a login or a refresh gives. */
export interface SessionTokens {
  /** The bearer access token (a JWT with `exp` and, usually, `iat` claims). */
  accessToken: string;
  /** The token sent to the refresh call to get a new pair. */
  refreshToken: string;
}

/**
 * One entry of `default_addr_list`. The spec does not show its shape; PoolKit stores a coin
 * (pool) and an address, like the recent-search list.
 */
export interface DefaultAddress {
  pool: string;
  addr: string;
}

/** The stored preferences and their types, keyed by their storage key (spec section 3). */
export interface SessionPreferences {
  /** Default `null`. */
  redpacket_hash: string | null;
  /** Default `'en'`; an unknown stored value also reads as `'en'`. */
  language: Language;
  /** Default `false`. */
  hide_wallet: boolean;
  /** Default `false`. */
  hide_eye: boolean;
  /** Default `[]`; newest first, at most 10 (extra entries are dropped when writing). */
  search_list: RecentSearch[];
  /** Default `[]`. */
  default_addr_list: DefaultAddress[];
  /** Default `null`. */
  mining_pool_address: string | null;
  /** Per session. Default `null`. */
  pool_name: string | null;
  /** Per session, a decimal string. Default `null`. */
  electricity_fee: string | null;
  /** Per session, a currency code such as `USD`. Default `null` (the host picks). */
  currency: string | null;
}

/** A key of {@link SessionPreferences}. */
export type PreferenceKey = keyof SessionPreferences;

/**
 * What changed in a session. `remote` is true when the change came from another tab through
 * the broadcast channel.
 */
export type SessionEvent =
  | { type: 'login' }
  | { type: 'logout' }
  | { type: 'tokens'; remote: boolean }
  | { type: 'preference'; key: PreferenceKey }
  | { type: 'roles' }
  | { type: 'observer' };

/**
 * The part of `BroadcastChannel` the session uses; pass `new BroadcastChannel(SESSION_CHANNEL_NAME)`
 * in a browser (Node 20 has it too).
 */
export interface BroadcastLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Options of {@link createSession}. */
export interface SessionOptions {
  /** Persistent storage: `localStorage` in a browser, a `MemoryStorage` elsewhere. */
  local: StorageLike;
  /** Per-tab storage: `sessionStorage` in a browser, a `MemoryStorage` elsewhere. */
  session: StorageLike;
  /** Where the `userID` cookie lives. Default: a new `MemoryCookieJar`. */
  cookies?: CookieJar;
  /**
   * The channel on which refreshed tokens are shared with other tabs. Default: none (no
   * cross-tab sharing). The session listens on it and never closes it.
   */
  broadcast?: BroadcastLike;
  /** The clock, epoch ms. Default `Date.now`. */
  now?: () => number;
}

/** What the host must do after {@link Session.syncObserverFromUrl}. */
export type ObserverSync =
  | { reload: false; observer: boolean }
  | {
      reload: true;
      /** Where to reload: the same URL without `observer_token`. */
      url: string;
    };

/**
 * The read-only observer session (spec sections 2 and 6): its token and roles are kept apart
 * from the user's. The token lives in memory only: a page load with `observer_token` in the URL
 * starts it again.
 */
export interface ObserverSession {
  /** The observer token, or `null` outside observer mode. */
  getToken(): string | null;
  /** Enters observer mode; a different token than the current one also clears observer roles. */
  start(token: string): void;
  /** Leaves observer mode and forgets the observer roles. */
  clear(): void;
  /** True in observer mode. */
  isActive(): boolean;
  /** The observer's permission list (spec section 6: kept separately). Default `[]`. */
  getRoles(): readonly string[];
  /** Stores the observer's permission list. */
  setRoles(roles: readonly string[]): void;
}

/** The browser session of PoolKit: tokens, preferences, roles and observer mode. */
export interface Session {
  /**
   * Stores the tokens, `token_exp` (from the JWT `exp` claim, in ms) and the `userID` cookie,
   * and forgets the previous user's roles (they load again on the next navigation).
   */
  login(tokens: SessionTokens, userId: string | number): void;
  /**
   * Logs out. Clears: `access_token`, `refresh_token`, `token_exp` (localStorage), `pool_name`
   * (sessionStorage), the `userID` cookie, the observer token, and the user's and observer's
   * roles. Keeps: `language`, `redpacket_hash`, `hide_wallet`, `hide_eye`, `search_list`,
   * `default_addr_list`, `mining_pool_address`, `electricity_fee` and `currency`.
   */
  logout(): void;
  /**
   * Stores refreshed tokens (and their `token_exp`) and, when they differ from the stored ones,
   * shares them with other tabs through the broadcast channel. Same tokens again: no-op.
   */
  setTokens(tokens: SessionTokens): void;
  /** The stored access token, or `null`. */
  getAccessToken(): string | null;
  /** The stored refresh token, or `null`. */
  getRefreshToken(): string | null;
  /** `token_exp`: the access token's expiry in epoch ms, or `null`. */
  getTokenExpiry(): number | null;
  /**
   * The login time used by the refresh rule, epoch ms: the access token's JWT `iat` claim; for
   * a token without `iat`, the time this session stored it (memory only), else `null`.
   */
  getTokenIssuedAt(): number | null;
  /** The `userID` cookie, or `null`. */
  getUserId(): string | null;
  /** True when an access token is stored (spec section 4: no token, no protected pages). */
  isLoggedIn(): boolean;
  /** Reads one preference, with its default when unset or unreadable. */
  get<K extends PreferenceKey>(key: K): SessionPreferences[K];
  /** Writes one preference (lists as JSON); `null` removes it, so it reads as its default. */
  set<K extends PreferenceKey>(key: K, value: SessionPreferences[K] | null): void;
  /**
   * Puts a search first in `search_list` (the rules of the domain's `addRecentSearch`: trimmed,
   * no duplicates), keeping at most 10, and returns the new list.
   */
  addRecentSearch(entry: RecentSearch): RecentSearch[];
  /** The user's permission list (spec section 6), in memory. Default `[]`. */
  getRoles(): readonly string[];
  /** Stores the user's permission list. */
  setRoles(roles: readonly string[]): void;
  /** The roles that apply now: the observer's in observer mode, else the user's. */
  getActiveRoles(): readonly string[];
  /** The observer session. */
  readonly observer: ObserverSession;
  /** True in observer mode: the UI must offer no writes. */
  isReadOnly(): boolean;
  /**
   * Applies spec section 2 to the URL the browser is on: `observer_token` present starts (or
   * keeps) observer mode; absent while an observer token is held clears it and asks the host
   * to reload without it.
   */
  syncObserverFromUrl(url: string | URL): ObserverSync;
  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /** Stops listening on the broadcast channel and drops all subscribers. */
  dispose(): void;
}

// Hand-written shape checks rather than zod: the session is on every page's first load, and
// these two shapes do not justify pulling a schema library into it.
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `[{ pool, addr }]` with string fields, copied without extra properties; else `null`. */
function toAddressList(value: unknown): { pool: string; addr: string }[] | null {
  if (!Array.isArray(value)) return null;
  const list: { pool: string; addr: string }[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.pool !== 'string' || typeof item.addr !== 'string') {
      return null;
    }
    list.push({ pool: item.pool, addr: item.addr });
  }
  return list;
}

function encodeAddressList(key: PreferenceKey, value: unknown): { pool: string; addr: string }[] {
  const list = toAddressList(value);
  if (list === null) throw new TypeError(`${key} must be a list of { pool, addr } strings`);
  return list;
}

/** The tokens another tab broadcast, or `null` for any other message. */
function toTokensMessage(data: unknown): SessionTokens | null {
  if (!isRecord(data) || data.type !== 'poolkit-session/tokens') return null;
  const { accessToken, refreshToken } = data;
  if (typeof accessToken !== 'string' || accessToken === '') return null;
  if (typeof refreshToken !== 'string' || refreshToken === '') return null;
  return { accessToken, refreshToken };
}

const PER_SESSION_PREFERENCES: ReadonlySet<PreferenceKey> = new Set([
  'pool_name',
  'electricity_fee',
  'currency',
]);

/**
 * Creates the session over Web-Storage-like objects.
 *
 * @example
 * const session = createSession({
 *   local: localStorage,
 *   session: sessionStorage,
 *   cookies: documentCookieJar(document),
 *   broadcast: new BroadcastChannel(SESSION_CHANNEL_NAME),
 * });
 */
export function createSession(options: SessionOptions): Session {
  const { local } = options;
  const perTab = options.session;
  const cookies = options.cookies ?? new MemoryCookieJar();
  const now = options.now ?? (() => Date.now());
  const listeners = new Set<(event: SessionEvent) => void>();
  let userRoles: readonly string[] = [];
  let observerToken: string | null = null;
  let observerRoles: readonly string[] = [];
  // The time a token without `iat` was stored; kept in memory only (no such key in the spec).
  let storedAt: { token: string; at: number } | null = null;

  function emit(event: SessionEvent): void {
    for (const listener of [...listeners]) listener(event);
  }

  function storageFor(key: PreferenceKey): StorageLike {
    return PER_SESSION_PREFERENCES.has(key) ? perTab : local;
  }

  function storeTokens(tokens: SessionTokens): void {
    local.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
    local.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
    const expiry = decodeJwtExpiry(tokens.accessToken);
    if (expiry === null) local.removeItem(STORAGE_KEYS.tokenExpiry);
    else local.setItem(STORAGE_KEYS.tokenExpiry, String(expiry));
    storedAt = { token: tokens.accessToken, at: now() };
  }

  function sameTokens(tokens: SessionTokens): boolean {
    return (
      local.getItem(STORAGE_KEYS.accessToken) === tokens.accessToken &&
      local.getItem(STORAGE_KEYS.refreshToken) === tokens.refreshToken
    );
  }

  function onMessage(event: { data: unknown }): void {
    const tokens = toTokensMessage(event.data);
    if (tokens === null) return;
    if (sameTokens(tokens)) return;
    storeTokens(tokens);
    emit({ type: 'tokens', remote: true });
  }
  options.broadcast?.addEventListener('message', onMessage);

  function readPreference(key: PreferenceKey): unknown {
    const raw = storageFor(key).getItem(key);
    switch (key) {
      case 'language':
        return isLanguage(raw) ? raw : DEFAULT_LANGUAGE;
      case 'hide_wallet':
      case 'hide_eye':
        return raw === 'true' || raw === '1';
      case 'search_list':
      case 'default_addr_list': {
        if (raw === null) return [];
        try {
          return toAddressList(JSON.parse(raw)) ?? [];
        } catch {
          return [];
        }
      }
      case 'redpacket_hash':
      case 'mining_pool_address':
      case 'pool_name':
      case 'electricity_fee':
      case 'currency':
        return raw;
      default:
        return key satisfies never;
    }
  }

  function encodePreference(key: PreferenceKey, value: unknown): string {
    switch (key) {
      case 'language':
        if (!isLanguage(value)) throw new TypeError(`Unsupported language: ${String(value)}`);
        return value;
      case 'hide_wallet':
      case 'hide_eye':
        return value === true ? 'true' : 'false';
      case 'search_list':
        return JSON.stringify(encodeAddressList(key, value).slice(0, RECENT_SEARCH_LIMIT));
      case 'default_addr_list':
        return JSON.stringify(encodeAddressList(key, value));
      case 'redpacket_hash':
      case 'mining_pool_address':
      case 'pool_name':
      case 'electricity_fee':
      case 'currency':
        return String(value);
      default:
        return key satisfies never;
    }
  }

  const observer: ObserverSession = {
    getToken: () => observerToken,
    start(token) {
      if (token === observerToken) return;
      observerToken = token;
      observerRoles = [];
      emit({ type: 'observer' });
    },
    clear() {
      if (observerToken === null) return;
      observerToken = null;
      observerRoles = [];
      emit({ type: 'observer' });
    },
    isActive: () => observerToken !== null,
    getRoles: () => observerRoles,
    setRoles(roles) {
      observerRoles = [...roles];
      emit({ type: 'roles' });
    },
  };

  const session: Session = {
    login(tokens, userId) {
      storeTokens(tokens);
      cookies.set(USER_ID_COOKIE, String(userId));
      userRoles = [];
      emit({ type: 'login' });
    },
    logout() {
      local.removeItem(STORAGE_KEYS.accessToken);
      local.removeItem(STORAGE_KEYS.refreshToken);
      local.removeItem(STORAGE_KEYS.tokenExpiry);
      perTab.removeItem(STORAGE_KEYS.poolName);
      cookies.remove(USER_ID_COOKIE);
      storedAt = null;
      userRoles = [];
      observerToken = null;
      observerRoles = [];
      emit({ type: 'logout' });
    },
    setTokens(tokens) {
      if (sameTokens(tokens)) return;
      storeTokens(tokens);
      options.broadcast?.postMessage({ type: 'poolkit-session/tokens', ...tokens });
      emit({ type: 'tokens', remote: false });
    },
    getAccessToken: () => local.getItem(STORAGE_KEYS.accessToken),
    getRefreshToken: () => local.getItem(STORAGE_KEYS.refreshToken),
    getTokenExpiry() {
      const raw = local.getItem(STORAGE_KEYS.tokenExpiry);
      const value = raw === null ? Number.NaN : Number(raw);
      return Number.isFinite(value) ? value : null;
    },
    getTokenIssuedAt() {
      const token = local.getItem(STORAGE_KEYS.accessToken);
      if (token === null) return null;
      const issuedAt = decodeJwtIssuedAt(token);
      if (issuedAt !== null) return issuedAt;
      return storedAt?.token === token ? storedAt.at : null;
    },
    getUserId: () => cookies.get(USER_ID_COOKIE),
    isLoggedIn: () => Boolean(local.getItem(STORAGE_KEYS.accessToken)),
    get<K extends PreferenceKey>(key: K) {
      return readPreference(key) as SessionPreferences[K];
    },
    set(key, value) {
      if (value === null) storageFor(key).removeItem(key);
      else storageFor(key).setItem(key, encodePreference(key, value));
      emit({ type: 'preference', key });
    },
    addRecentSearch(entry) {
      const list = addRecentSearch(session.get('search_list'), entry).slice(0, RECENT_SEARCH_LIMIT);
      session.set('search_list', list);
      return list;
    },
    getRoles: () => userRoles,
    setRoles(roles) {
      userRoles = [...roles];
      emit({ type: 'roles' });
    },
    getActiveRoles: () => (observerToken === null ? userRoles : observerRoles),
    observer,
    isReadOnly: () => observerToken !== null,
    syncObserverFromUrl(url) {
      const token = readObserverToken(url);
      if (token !== null) {
        observer.start(token);
        return { reload: false, observer: true };
      }
      if (observerToken !== null) {
        observer.clear();
        return { reload: true, url: removeObserverToken(url) };
      }
      return { reload: false, observer: false };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      options.broadcast?.removeEventListener('message', onMessage);
      listeners.clear();
    },
  };
  return session;
}
