/**
 * Where the router reads and writes the address: the browser's session history, or a list in
 * memory (the build-time prerender and the router's tests).
 */

/** An address of the site, as the router and its hooks hand it out. */
export interface Location {
  /** `/pool/btc/home` */
  readonly pathname: string;
  /** `?tab=2`, or `''` */
  readonly search: string;
  /** `#pay`, or `''` */
  readonly hash: string;
  /** What the navigation passed as `state`, or `null`. */
  readonly state: unknown;
  /** Unique per history entry (`default` for the first one): the key of its scroll position. */
  readonly key: string;
}

/** What the router needs of a history. */
export interface History {
  /** The entry shown now. */
  location(): Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Moves `delta` entries back (negative) or forward; the listeners hear the move. */
  go(delta: number): void;
  /** Calls `listener` after a move the router did not make (back, forward, `go`). */
  listen(listener: () => void): () => void;
}

/** The path of a location with its query and hash: `/login?redirect=%2F#top`. */
export function createPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * The location of `to` (an absolute path, or relative to `from`: `?address=x` keeps the path),
 * with a fresh key.
 */
export function createLocation(to: string, from?: Location, state: unknown = null): Location {
  const url = new URL(to, `http://site.invalid${from ? from.pathname + from.search : '/'}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: newKey() };
}

/** What each entry of the browser's history carries: the location's key and state. */
interface EntryState {
  key: string;
  usr: unknown;
}

/** The browser's session history (`pushState`, `popstate`). */
export function createBrowserHistory(): History {
  const entry = (location: Location): EntryState => ({ key: location.key, usr: location.state });
  // The entry the page was opened on gets a key too (its scroll position is kept by key).
  if (typeof (window.history.state as Partial<EntryState> | null)?.key !== 'string') {
    window.history.replaceState({ key: newKey(), usr: window.history.state }, '');
  }
  return {
    location() {
      const { pathname, search, hash } = window.location;
      const stored = window.history.state as Partial<EntryState> | null;
      return {
        pathname,
        search,
        hash,
        state: stored?.usr ?? null,
        key: stored?.key ?? 'default',
      };
    },
    push(location) {
      window.history.pushState(entry(location), '', createPath(location));
    },
    replace(location) {
      window.history.replaceState(entry(location), '', createPath(location));
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(listener) {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}

/** A history in memory, starting at `path`: for rendering outside a browser, and for tests. */
export function createMemoryHistory(path = '/'): History & { readonly entries: Location[] } {
  const entries: Location[] = [{ ...createLocation(path), key: 'default' }];
  let index = 0;
  const listeners = new Set<() => void>();
  return {
    entries,
    location: () => entries[index] as Location,
    push(location) {
      index += 1;
      entries.splice(index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of listeners) listener();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
