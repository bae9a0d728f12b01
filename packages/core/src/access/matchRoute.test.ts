import { describe, expect, it } from 'vitest';
import { matchRoute, normalizePath } from './matchRoute';
import type { RouteRecord } from './routes';

describe('matchRoute', () => {
  it('should match the home page', () => {
    expect(matchRoute('/')?.route.name).toBe('Home');
  });

  it('should return the parameters of a top-level route', () => {
    const match = matchRoute('/pool/btc/miner/detail');
    expect(match?.route.name).toBe('PoolMinerDetail');
    expect(match?.params).toEqual({ type: 'btc' });
  });

  it('should match a child with its parent chain and parameters', () => {
    const match = matchRoute('/contract/order/42/profit');
    expect(match?.route.name).toBe('ContractOrderProfit');
    expect(match?.fullPath).toBe('/contract/order/:order_id/profit');
    expect(match?.parents.map((parent) => parent.name)).toEqual(['Contract']);
    expect(match?.params).toEqual({ order_id: '42' });
  });

  it('should match a forwarding parent itself', () => {
    expect(matchRoute('/user')?.route.name).toBe('User');
  });

  it('should decode parameters', () => {
    expect(matchRoute('/user/coupon/a%20b/7')?.params).toEqual({ couponId: 'a b', itemId: '7' });
  });

  it('should ignore query, hash and trailing slashes', () => {
    expect(matchRoute('/download/?x=1#top')?.route.name).toBe('Download');
  });

  it('should return null for an unknown path', () => {
    expect(matchRoute('/nowhere')).toBeNull();
    expect(matchRoute('/pool/btc')).toBeNull();
    expect(matchRoute('/contract/list/extra')).toBeNull();
  });

  it('should not match an empty parameter', () => {
    expect(matchRoute('/pool//stat')).toBeNull();
  });

  it('should be case sensitive', () => {
    expect(matchRoute('/Download')).toBeNull();
  });

  it('should prefer a literal segment over a parameter', () => {
    const routes: RouteRecord[] = [
      { path: '/a/:x', name: 'Param', public: true, meta: { roles: [] } },
      { path: '/a/b', name: 'Literal', public: true, meta: { roles: [] } },
    ];
    expect(matchRoute('/a/b', routes)?.route.name).toBe('Literal');
    expect(matchRoute('/a/c', routes)?.route.name).toBe('Param');
  });

  it('should take the earlier of two equally specific routes', () => {
    const routes: RouteRecord[] = [
      { path: '/a/:x', name: 'First', public: true, meta: { roles: [] } },
      { path: '/a/:y', name: 'Second', public: true, meta: { roles: [] } },
    ];
    expect(matchRoute('/a/c', routes)?.route.name).toBe('First');
  });
});

describe('normalizePath', () => {
  it('should drop query, hash and trailing slashes and keep the root', () => {
    expect(normalizePath('/user/setting/?a=1')).toBe('/user/setting');
    expect(normalizePath('user')).toBe('/user');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });
});
