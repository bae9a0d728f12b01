import type { EndpointGroupName } from '@poolkit/core/contract';

/**
 * What a cached read is: the endpoint's id (the API method's name) and its input, e.g.
 * `['walletBalances', {}]` or `['contractOrder', { params: { id } }]`.
 */
export type ApiCacheKey = readonly [endpointId: string, input?: unknown];

/** The key's text: the endpoint id, then its input as JSON. */
export function cacheKeyText(key: ApiCacheKey): string {
  return `${key[0]} ${JSON.stringify(key[1] ?? {})}`;
}

/**
 * The reads a write changes beyond its own endpoint group, by the write's endpoint id or by its
 * group's name: a contract paid from the balance changes the wallet; the identity group's writes
 * (settings, the current account) and the user-accounts group's change each other's reads; the
 * writes on mining accounts change the account list.
 */
export const ALSO_INVALIDATES: Readonly<Record<string, readonly EndpointGroupName[]>> = {
  payContractOrder: ['wallet'],
  createContractOrder: ['wallet'],
  // The account list (`accounts`) is a site-content read.
  createSubAccount: ['siteContent'],
  updateSubAccount: ['siteContent'],
  setCurrentAccount: ['siteContent'],
  identity: ['userAccounts'],
  userAccounts: ['identity'],
};

interface Entry {
  endpointId: string;
  /** Components showing the key: each is told when the key is invalidated. */
  listeners: Set<() => void>;
  /** The last answer, while it is current. */
  value?: { data: unknown };
  pending?: Promise<unknown>;
  controller?: AbortController;
}

/**
 * The site's read cache: one entry per key that a mounted component shows (`useApiData` with a
 * `key`, `useEndpoint`). Components showing the same key share one request and its answer; an
 * entry lives while a component shows it, so a key mounted again later is fetched again.
 * A successful write (`afterWrite`, called by the API client for every endpoint that is not a
 * read) invalidates the reads of its endpoint group and of the groups `ALSO_INVALIDATES` lists:
 * their components fetch again while showing what they have.
 */
export interface ApiCache {
  /** Tells `listener` when `key` is invalidated; keeps its entry while subscribed. */
  subscribe(key: string, endpointId: string, listener: () => void): () => void;
  /**
   * The current answer of `key`, or the request in flight, or a new request made by `run`;
   * `fresh` (a live change): not the answer kept, a request in flight or a new one.
   */
  fetch<T>(
    key: string,
    endpointId: string,
    run: (signal: AbortSignal) => Promise<T>,
    fresh?: boolean,
  ): Promise<T>;
  /** Forgets the answer of one key without telling anyone (a retry that must ask again). */
  forget(key: string): void;
  /** Records which endpoints make up a group (as the API client loads it). */
  registerGroup(name: EndpointGroupName, endpointIds: readonly string[]): void;
  /** Invalidates what the write `endpointId` changes (everything, if its group is unknown). */
  afterWrite(endpointId: string): void;
  /** Invalidates the reads of the given groups (every read, with `null`). */
  invalidateGroups(groups: readonly EndpointGroupName[] | null): void;
}

export function createApiCache(): ApiCache {
  const entries = new Map<string, Entry>();
  const groupOf = new Map<string, EndpointGroupName>();

  function entryOf(key: string, endpointId: string): Entry {
    let entry = entries.get(key);
    if (entry === undefined) {
      entry = { endpointId, listeners: new Set() };
      entries.set(key, entry);
    }
    return entry;
  }

  /** Drops the answer and any request in flight (its answer may predate a write). */
  function outdate(entry: Entry): void {
    entry.value = undefined;
    entry.pending = undefined;
  }

  function drop(key: string, entry: Entry): void {
    if (entries.get(key) !== entry || entry.listeners.size > 0) return;
    entry.controller?.abort();
    entries.delete(key);
  }

  function invalidateGroups(groups: readonly EndpointGroupName[] | null): void {
    const hit: Entry[] = [];
    for (const entry of entries.values()) {
      const group = groupOf.get(entry.endpointId);
      // A read of a group not known yet is invalidated too: better a request too many.
      if (groups === null || group === undefined || groups.includes(group)) {
        outdate(entry);
        hit.push(entry);
      }
    }
    for (const entry of hit) for (const listener of [...entry.listeners]) listener();
  }

  return {
    subscribe(key, endpointId, listener) {
      const entry = entryOf(key, endpointId);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
        drop(key, entry);
      };
    },
    fetch<T>(
      key: string,
      endpointId: string,
      run: (signal: AbortSignal) => Promise<T>,
      fresh = false,
    ) {
      const entry = entryOf(key, endpointId);
      if (fresh) entry.value = undefined;
      if (entry.value !== undefined) return Promise.resolve(entry.value.data as T);
      if (entry.pending === undefined) {
        const controller = new AbortController();
        entry.controller = controller;
        const pending: Promise<unknown> = run(controller.signal).then(
          (data) => {
            if (entry.pending === pending) {
              entry.pending = undefined;
              entry.value = { data };
            }
            return data;
          },
          (error: unknown) => {
            if (entry.pending === pending) entry.pending = undefined;
            throw error;
          },
        );
        entry.pending = pending;
        // Nobody subscribed (a request outside a component): the entry only shares this request.
        pending.then(
          () => drop(key, entry),
          () => drop(key, entry),
        );
      }
      return entry.pending as Promise<T>;
    },
    forget(key) {
      const entry = entries.get(key);
      if (entry !== undefined) outdate(entry);
    },
    registerGroup(name, endpointIds) {
      for (const id of endpointIds) groupOf.set(id, name);
    },
    afterWrite(endpointId) {
      const group = groupOf.get(endpointId);
      if (group === undefined) {
        invalidateGroups(null);
        return;
      }
      invalidateGroups([
        group,
        ...(ALSO_INVALIDATES[group] ?? []),
        ...(ALSO_INVALIDATES[endpointId] ?? []),
      ]);
    },
    invalidateGroups,
  };
}

/** The site's one read cache. */
export const apiCache: ApiCache = createApiCache();
