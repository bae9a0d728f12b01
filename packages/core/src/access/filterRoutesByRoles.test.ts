import { describe, expect, it } from 'vitest';
import { filterRoutesByRoles } from './filterRoutesByRoles';
import { flattenRoutes, ROUTES, type RouteRecord } from './routes';

const names = (routes: readonly RouteRecord[]) =>
  flattenRoutes(routes).map((entry) => entry.route.name);

describe('filterRoutesByRoles', () => {
  it('should keep routes without roles for everyone, even before roles load', () => {
    const kept = names(filterRoutesByRoles(ROUTES, null));
    expect(kept).toContain('Home');
    expect(kept).toContain('PoolStat');
    expect(kept).not.toContain('PoolHome');
    expect(kept).not.toContain('AssetIndex');
  });

  it('should keep a route when any of its roles matches', () => {
    const kept = names(filterRoutesByRoles(ROUTES, ['miner.view']));
    expect(kept).toContain('PoolMiner');
    expect(kept).toContain('PoolMinerDetail');
    expect(kept).not.toContain('PoolHome');
  });

  it('should filter children recursively', () => {
    const kept = names(filterRoutesByRoles(ROUTES, ['account.view']));
    expect(kept).toContain('User');
    expect(kept).toContain('UserAccount');
    expect(kept).toContain('UserObserve');
    expect(kept).not.toContain('UserSetting');
    expect(kept).not.toContain('UserInvite');
  });

  it('should drop a forwarding parent whose children are all filtered out', () => {
    const kept = names(filterRoutesByRoles(ROUTES, ['pool.view']));
    expect(kept).not.toContain('User');
    expect(kept).not.toContain('Contract');
  });

  it('should drop a parent the user lacks roles for, with its children', () => {
    const kept = names(filterRoutesByRoles(ROUTES, ['user.view']));
    expect(kept).not.toContain('Contract');
    expect(kept).not.toContain('ContractList');
  });

  it('should keep a parent with a page of its own when its children are all filtered out', () => {
    const routes: RouteRecord[] = [
      {
        path: '/reports',
        name: 'Reports',
        public: false,
        meta: { roles: [] },
        children: [
          { path: 'wallet', name: 'WalletReport', public: false, meta: { roles: ['wallet.view'] } },
        ],
      },
    ];
    const kept = filterRoutesByRoles(routes, ['pool.view']);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.name).toBe('Reports');
    expect(kept[0]?.children).toEqual([]);
  });

  it('should move a redirect to the first remaining child when its target was filtered out', () => {
    const user = filterRoutesByRoles(ROUTES, ['recommend.view']).find((r) => r.name === 'User');
    expect(user?.redirect).toBe('/user/invite');
    expect(user?.children?.map((child) => child.name)).toEqual(['UserInvite']);
  });

  it('should keep a redirect whose target remains', () => {
    const contract = filterRoutesByRoles(ROUTES, ['contract.view']).find(
      (r) => r.name === 'Contract',
    );
    expect(contract?.redirect).toBe('/contract/list');
    expect(contract?.children).toHaveLength(7);
  });

  it('should not modify the table it was given', () => {
    const before = JSON.stringify(ROUTES);
    filterRoutesByRoles(ROUTES, ['recommend.view']);
    expect(JSON.stringify(ROUTES)).toBe(before);
  });
});
