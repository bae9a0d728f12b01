import { describe, expect, it } from 'vitest';
import { type EndpointGroup, endpointGroupLoaders, loadEndpointGroups } from './endpointGroups';
import { endpoints } from './endpoints';

describe('endpoint groups', () => {
  it('should hold every endpoint of the contract exactly once, as the same objects', async () => {
    const seen = new Map<string, unknown>();
    for await (const group of loadEndpointGroups()) {
      for (const [id, endpoint] of Object.entries(group)) {
        expect(seen.has(id), id).toBe(false);
        seen.set(id, endpoint);
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(endpoints).sort());
    for (const [id, endpoint] of seen)
      expect(endpoint).toBe(endpoints[id as keyof typeof endpoints]);
  });

  it('should load the public pages groups first', async () => {
    const first = await endpointGroupLoaders[0]?.();
    const second = await endpointGroupLoaders[1]?.();
    expect(Object.keys(first ?? {})).toContain('pools');
    expect(Object.keys(second ?? {})).toContain('poolStats');
  });

  it('should give the thread back between two groups', async () => {
    const steps: string[] = [];
    const group = (name: string) => async (): Promise<EndpointGroup> => {
      steps.push(`load ${name}`);
      return {};
    };
    const loading = (async () => {
      for await (const _ of loadEndpointGroups([group('a'), group('b')])) steps.push('yielded');
    })();
    // A task queued now runs before the second group loads, not after both.
    setTimeout(() => steps.push('other task'), 0);
    await loading;
    expect(steps).toEqual(['load a', 'yielded', 'other task', 'load b', 'yielded']);
  });
});
