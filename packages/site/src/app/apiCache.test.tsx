import type { HttpClient } from '@poolkit/core/client';
import { defineEndpoint, noInput } from '@poolkit/core/contract';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCacheKey, apiCache, createApiCache } from './apiCache';
import { cachedMethodsOf } from './client';
import { type ApiData, useApiData } from './useApiData';

/** A request whose answers the test gives one at a time. */
function controlledRequest() {
  const answers: Array<(value: string) => void> = [];
  const request = vi.fn(
    (_signal: AbortSignal) =>
      new Promise<string>((resolve) => {
        answers.push(resolve);
      }),
  );
  return { request, answer: (index: number, value: string) => answers[index]?.(value) };
}

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

/** Renders one `useApiData` per key of `keys` and records the states each went through. */
function renderReads(
  request: (signal: AbortSignal) => Promise<string>,
  keys: readonly ApiCacheKey[],
): ApiData<string>[][] {
  const seen: ApiData<string>[][] = keys.map(() => []);
  function Read({ index }: { index: number }) {
    const key = keys[index] as ApiCacheKey;
    const state = useApiData(request, [key[0]], { key, silent: true });
    seen[index]?.push(state);
    return <p>{state.status === 'ready' ? state.data : state.status}</p>;
  }
  root ??= createRoot(document.body.appendChild(document.createElement('div')));
  root.render(keys.map((key, index) => <Read key={`${key[0]}-${String(index)}`} index={index} />));
  return seen;
}

const last = (states: ApiData<string>[] | undefined) => states?.at(-1);

describe('apiCache', () => {
  it('should make one request for the components showing the same key', async () => {
    const { request, answer } = controlledRequest();
    const seen = renderReads(request, [
      ['walletBalances', {}],
      ['walletBalances', {}],
    ]);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    answer(0, 'one');
    await vi.waitFor(() => {
      expect(last(seen[0])?.data).toBe('one');
      expect(last(seen[1])?.data).toBe('one');
    });
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('should fetch an invalidated key again while still showing its data', async () => {
    const { request, answer } = controlledRequest();
    apiCache.registerGroup('wallet', ['walletBalances']);
    apiCache.registerGroup('profits', ['profits']);
    const seen = renderReads(request, [['walletBalances', {}]]);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    answer(0, 'before');
    await vi.waitFor(() => expect(last(seen[0])?.data).toBe('before'));
    // Another group's write leaves it alone.
    apiCache.invalidateGroups(['profits']);
    await new Promise((wait) => setTimeout(wait, 20));
    expect(request).toHaveBeenCalledTimes(1);
    const shown = seen[0]?.length ?? 0;
    apiCache.invalidateGroups(['wallet']);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    answer(1, 'after');
    await vi.waitFor(() => expect(last(seen[0])?.data).toBe('after'));
    // No skeleton in between: every state since the invalidation shows data.
    expect(seen[0]?.slice(shown).every((state) => state.status === 'ready')).toBe(true);
  });

  it('should show the failure of a refresh after a write instead of the data it outdated', async () => {
    let fail = false;
    const request = vi.fn(async () => {
      if (fail) throw new Error('unreachable');
      return 'before';
    });
    apiCache.registerGroup('wallet', ['walletBalances']);
    const seen = renderReads(request, [['walletBalances', {}]]);
    await vi.waitFor(() => expect(last(seen[0])?.data).toBe('before'));
    fail = true;
    apiCache.invalidateGroups(['wallet']);
    await vi.waitFor(() => expect(last(seen[0])?.status).toBe('error'));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('should drop the key of an unmounted component and fetch it on the next mount', async () => {
    const { request, answer } = controlledRequest();
    renderReads(request, [['coupons', {}]]);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    answer(0, 'first');
    await vi.waitFor(() => expect(document.body.textContent).toBe('first'));
    renderReads(request, []);
    await vi.waitFor(() => expect(document.body.textContent).toBe(''));
    const seen = renderReads(request, [['coupons', {}]]);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    answer(1, 'second');
    await vi.waitFor(() => expect(last(seen[0])?.data).toBe('second'));
  });

  it('should ask the server again on a live refresh, not the cache', async () => {
    const { request, answer } = controlledRequest();
    function Live({ refresh }: { refresh: number }) {
      const state = useApiData(request, [], { key: ['accountWorkers', {}], refresh });
      return <p>{state.status === 'ready' ? state.data : state.status}</p>;
    }
    root ??= createRoot(document.body.appendChild(document.createElement('div')));
    root.render(<Live refresh={0} />);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    answer(0, 'stopped');
    await vi.waitFor(() => expect(document.body.textContent).toBe('stopped'));
    root.render(<Live refresh={1} />);
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    answer(1, 'back');
    await vi.waitFor(() => expect(document.body.textContent).toBe('back'));
  });

  it('should invalidate the group of a successful write and the groups it also changes', async () => {
    const cache = createApiCache();
    const group = {
      payContractOrder: defineEndpoint({
        id: 'payContractOrder',
        family: 'B',
        method: 'POST',
        path: '/contract/orders/pay',
        auth: 'user',
        response: noInput,
        summary: 'Pays an order',
      }),
      contractOrders: defineEndpoint({
        id: 'contractOrders',
        family: 'B',
        method: 'GET',
        path: '/contract/orders',
        auth: 'user',
        response: noInput,
        summary: 'Lists the orders',
      }),
    };
    let fail = false;
    const http = {
      send: vi.fn(async () => {
        if (fail) throw new Error('refused');
        return {};
      }),
    } as unknown as HttpClient;
    const methods = cachedMethodsOf(http, group, 'cloudContracts', cache) as Record<
      string,
      (input?: unknown) => Promise<unknown>
    >;
    cache.registerGroup('wallet', ['walletBalances']);
    cache.registerGroup('profits', ['profits']);
    const told: string[] = [];
    for (const id of ['contractOrders', 'walletBalances', 'profits']) {
      cache.subscribe(`${id} {}`, id, () => told.push(id));
    }
    await methods.contractOrders?.();
    expect(told).toEqual([]);
    fail = true;
    await expect(methods.payContractOrder?.()).rejects.toThrow('refused');
    expect(told).toEqual([]);
    fail = false;
    await methods.payContractOrder?.();
    expect(told.sort()).toEqual(['contractOrders', 'walletBalances']);
  });
});
