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
  let loading: Promise<Api<T>> | null = null;
  const ready = (): Promise<Api<T>> => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as Api<T> & { preload(): Promise<Api<T>> }, {
    get(_target, name) {
      if (name === 'preload') return ready;
      // Not a thenable: `await api` must not try to call `api.then`.
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (method === undefined) {
        method = async (...args: unknown[]) => {
          const api = (await ready()) as unknown as Record<
            string,
            ((...inner: unknown[]) => Promise<unknown>) | undefined
          >;
          const real = api[name];
          if (real === undefined) throw new TypeError(`The API has no method ${name}`);
          return real(...args);
        };
        methods.set(name, method);
      }
      return method;
    },
  });
}
