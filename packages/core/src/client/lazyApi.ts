import type { Endpoint } from '../contract/endpoint';
import type { Api } from './createApi';

/**
 * A typed API whose implementation arrives later: each method waits for `load()` (called once,
 * on the first call, or earlier through `preload`) and then calls the real method.
 *
 * Why: the real API carries the contract's schemas and the schema library (about 40 KB gzip).
 * A page can paint, route and react to input before it needs them, so a host keeps them out of
 * its first load with a dynamic import and starts that import right after the first paint.
 * A failed load is not cached: the next call tries again (a chunk may fail on a flaky network).
 *
 * @example
 * const api = lazyApi<Endpoints>(() =>
 *   import('./client').then((module) => module.createRealApi()),
 * );
 * api.preload();
 * const stats = await api.poolStats({ params: { coin: 'kas' } });
 */
export function lazyApi<T extends Record<string, Endpoint>>(
  load: () => Promise<Api<T>>,
): Api<T> & { preload(): Promise<Api<T>> } {
  // The whole API as the one part.
  return lazyApiInParts<T>(async function* () {
    yield await load();
  });
}

/**
 * A typed API whose methods arrive in parts: `loadParts` yields partial APIs (for example one per
 * endpoint group, see `loadEndpointGroups`), and each method waits only for the part that holds
 * it. Loading starts on the first call or on `preload`, which resolves with the whole API once the
 * last part has arrived. A method that no part holds rejects with a `TypeError` after the last
 * part. A failed load rejects the calls waiting for it; the next call loads again (the parts
 * loaded already stay).
 *
 * Why: a public page calls a few endpoints of a large contract. It gets them as soon as their
 * group is evaluated, while the other groups follow in later tasks.
 *
 * @example
 * const api = lazyApiInParts<Endpoints>(async function* () {
 *   const http = await loadHttpClient();
 *   for await (const group of loadEndpointGroups()) yield createApi(http, group);
 * });
 */
export function lazyApiInParts<T extends Record<string, Endpoint>>(
  loadParts: () => AsyncIterable<Partial<Api<T>>>,
): Api<T> & { preload(): Promise<Api<T>> } {
  type Method = (...args: unknown[]) => Promise<unknown>;
  const loaded = new Map<string, Method>();
  const waiting = new Map<
    string,
    { resolve: (method: Method) => void; reject: (error: unknown) => void }[]
  >();
  let loading: Promise<Api<T>> | null = null;
  let complete = false;

  const settleWaiting = (error: unknown) => {
    for (const [name, waiters] of waiting) {
      for (const waiter of waiters)
        waiter.reject(error ?? new TypeError(`The API has no method ${name}`));
    }
    waiting.clear();
  };

  const load = (): Promise<Api<T>> => {
    loading ??= (async () => {
      for await (const part of loadParts()) {
        for (const [name, method] of Object.entries(part as Record<string, Method | undefined>)) {
          if (method === undefined) continue;
          loaded.set(name, method);
          for (const waiter of waiting.get(name) ?? []) waiter.resolve(method);
          waiting.delete(name);
        }
      }
      complete = true;
      settleWaiting(undefined);
      return Object.fromEntries(loaded) as unknown as Api<T>;
    })().catch((error: unknown) => {
      loading = null;
      settleWaiting(error);
      throw error;
    });
    return loading;
  };

  const methodNamed = (name: string): Promise<Method> => {
    const method = loaded.get(name);
    if (method !== undefined) return Promise.resolve(method);
    if (complete) return Promise.reject(new TypeError(`The API has no method ${name}`));
    const found = new Promise<Method>((resolve, reject) => {
      const waiters = waiting.get(name) ?? [];
      waiters.push({ resolve, reject });
      waiting.set(name, waiters);
    });
    // Errors reach the caller through `found`; this only starts (or joins) the load.
    load().catch(() => undefined);
    return found;
  };

  const methods = new Map<string, Method>();
  return new Proxy({} as Api<T> & { preload(): Promise<Api<T>> }, {
    get(_target, name) {
      if (name === 'preload') return load;
      // Not a thenable: `await api` must not try to call `api.then`.
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (method === undefined) {
        method = async (...args: unknown[]) => (await methodNamed(name))(...args);
        methods.set(name, method);
      }
      return method;
    },
  });
}
