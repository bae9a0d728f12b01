import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_GROUP_ORDER,
  type EndpointGroup,
  type EndpointGroupName,
  endpointGroupLoaders,
  loadEndpointGroups,
  VISITOR_GROUP_ORDER,
} from './endpointGroups';
import { endpoints } from './endpoints';

const groupNames = Object.keys(endpointGroupLoaders).sort();

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
    for (const [id, endpoint] of seen) {
      expect(endpoint).toBe(endpoints[id as keyof typeof endpoints]);
    }
  });

  it('should name every group exactly once in both orders', () => {
    expect([...VISITOR_GROUP_ORDER].sort()).toEqual(groupNames);
    expect([...ACCOUNT_GROUP_ORDER].sort()).toEqual(groupNames);
  });

  it('should load what a visitor and a signed-in user call first, first', async () => {
    const visitorFirst = await endpointGroupLoaders[VISITOR_GROUP_ORDER[0] ?? 'siteContent']();
    const visitorSecond = await endpointGroupLoaders[VISITOR_GROUP_ORDER[1] ?? 'siteContent']();
    expect(Object.keys(visitorFirst)).toContain('pools');
    expect(Object.keys(visitorSecond)).toContain('poolStats');
    const accountFirst = await endpointGroupLoaders[ACCOUNT_GROUP_ORDER[0] ?? 'siteContent']();
    const accountSecond = await endpointGroupLoaders[ACCOUNT_GROUP_ORDER[1] ?? 'siteContent']();
    expect(Object.keys(accountFirst)).toContain('currentPermissions');
    expect(Object.keys(accountSecond)).toContain('unreadMessageCount');
  });

  it('should load in the order given and give the thread back between two groups', async () => {
    const steps: string[] = [];
    const loaders = Object.fromEntries(
      groupNames.map((name) => [
        name,
        async (): Promise<EndpointGroup> => {
          steps.push(`load ${name}`);
          return {};
        },
      ]),
    ) as Record<EndpointGroupName, () => Promise<EndpointGroup>>;
    const loading = (async () => {
      for await (const _ of loadEndpointGroups(['wallet', 'identity'], loaders)) {
        steps.push('yielded');
      }
    })();
    // A task queued now runs before the second group loads, not after both.
    setTimeout(() => steps.push('other task'), 0);
    await loading;
    expect(steps).toEqual(['load wallet', 'yielded', 'other task', 'load identity', 'yielded']);
  });
});
