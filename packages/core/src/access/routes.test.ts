import { describe, expect, it } from 'vitest';
import { flattenRoutes, joinRoutePath, ROUTES } from './routes';

const flat = flattenRoutes(ROUTES);
const byPath = new Map(flat.map((entry) => [entry.fullPath, entry.route]));

const PUBLIC_PATHS = [
  '/',
  '/download',
  '/ticket',
  '/mining/:coin/dashboard',
  '/mining/:coin/stats',
  '/mining/:coin/info',
  '/mining/:coin/ip-statistics',
  '/register/email',
  '/register/phone',
  '/login',
  '/login/oauth/authorize',
  '/authredirect',
  '/resetpassword/phone',
  '/resetpassword/email',
  '/observer_redirect',
  '/terms',
  '/about-us',
  '/activity/invite',
  '/activity/red_packet/:packet_id',
  '/activity/red_packet/:packet_id/detail',
  '/miners',
  '/miners/detail/:id',
  '/pool/:type/stat',
  '/pool/:type/info',
];

const GATED_PATHS = [
  '/pool/:type/home',
  '/pool/:type/miner',
  '/pool/:type/miner/detail',
  '/pool/:type/profit',
  '/asset/index',
  '/asset/transaction',
  '/contract',
  '/fund/:id',
  '/user',
];

describe('ROUTES', () => {
  it('should hold every public path of spec section 2, marked public with no roles', () => {
    for (const path of PUBLIC_PATHS) {
      const route = byPath.get(path);
      expect(route, path).toBeDefined();
      expect(route?.public, path).toBe(true);
      expect(route?.meta.roles, path).toEqual([]);
    }
  });

  it('should hold every permission-gated path of spec section 2, not public', () => {
    for (const path of GATED_PATHS) {
      const route = byPath.get(path);
      expect(route, path).toBeDefined();
      expect(route?.public, path).toBe(false);
    }
  });

  it('should give /contract its children as the spec writes them, redirecting to list', () => {
    const contract = ROUTES.find((route) => route.path === '/contract');
    expect(contract?.redirect).toBe('/contract/list');
    expect(contract?.children?.map((child) => child.path)).toEqual([
      'list',
      'order',
      'order/:order_id',
      'order/:order_id/profit',
      'dashboard',
      'detail',
      'terms',
    ]);
  });

  it('should give /user its children as the spec writes them, redirecting to setting', () => {
    const user = ROUTES.find((route) => route.path === '/user');
    expect(user?.redirect).toBe('/user/setting');
    expect(user?.children?.map((child) => child.path)).toEqual([
      'setting',
      'logs',
      'account',
      'mining',
      'message',
      'authredirect',
      'invite',
      'red_packet',
      'red_packet/:id',
      'app/activity',
      'observe',
      'coupon',
      'coupon/:couponId/:itemId',
    ]);
  });

  it('should give the named open routes without spec paths an assumed public path', () => {
    for (const name of ['AddressMining', 'BindWechat', 'Sales', 'GoldshellEvent']) {
      const entry = flat.find((item) => item.route.name === name);
      expect(entry?.route.public, name).toBe(true);
      expect(entry?.route.meta.assumedPath, name).toBe(true);
    }
  });

  it('should gate the operator console with admin.view, forwarding /admin to its first page', () => {
    const admin = ROUTES.find((route) => route.path === '/admin');
    expect(admin?.public).toBe(false);
    expect(admin?.redirect).toBe('/admin/coupons');
    const entries = flat.filter((entry) => entry.fullPath.startsWith('/admin'));
    expect(entries.map((entry) => entry.fullPath)).toEqual([
      '/admin',
      '/admin/coupons',
      '/admin/red-packets',
      '/admin/withdrawals',
      '/admin/audit-log',
      '/admin/tickets',
      '/admin/reconciliation',
      '/admin/contracts',
      '/admin/contract-orders',
      '/admin/oauth-apps',
      '/admin/content',
      '/admin/sellers',
    ]);
    for (const entry of entries) {
      expect(entry.route.meta.roles, entry.fullPath).toEqual(['admin.view']);
      expect(entry.route.meta.observer, entry.fullPath).toBeUndefined();
    }
    for (const entry of flat.filter((item) => !item.fullPath.startsWith('/admin'))) {
      expect(entry.route.meta.roles, entry.fullPath).not.toContain('admin.view');
    }
  });

  it('should use unique names and unique full paths', () => {
    const names = flat.map((entry) => entry.route.name);
    const paths = flat.map((entry) => entry.fullPath);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('should map the account pool pages to pool.view or miner.view, open to observers', () => {
    expect(byPath.get('/pool/:type/home')?.meta.roles).toEqual(['pool.view']);
    expect(byPath.get('/pool/:type/profit')?.meta.roles).toEqual(['pool.view']);
    expect(byPath.get('/pool/:type/miner')?.meta.roles).toEqual(['miner.view']);
    expect(byPath.get('/pool/:type/miner/detail')?.meta.roles).toEqual(['miner.view']);
    const observerPaths = flat.filter((e) => e.route.meta.observer).map((e) => e.fullPath);
    expect(observerPaths.sort()).toEqual([
      '/pool/:type/home',
      '/pool/:type/miner',
      '/pool/:type/miner/detail',
      '/pool/:type/profit',
    ]);
  });

  it('should gate /asset and /fund with wallet.view and all of /contract with contract.view', () => {
    expect(byPath.get('/asset/index')?.meta.roles).toEqual(['wallet.view']);
    expect(byPath.get('/asset/transaction')?.meta.roles).toEqual(['wallet.view']);
    expect(byPath.get('/fund/:id')?.meta.roles).toEqual(['wallet.view']);
    for (const entry of flat.filter((e) => e.fullPath.startsWith('/contract'))) {
      expect(entry.route.meta.roles, entry.fullPath).toEqual(['contract.view']);
    }
  });

  it('should gate the /user pages with user.view, account.view or recommend.view', () => {
    expect(byPath.get('/user/invite')?.meta.roles).toEqual(['recommend.view']);
    expect(byPath.get('/user/account')?.meta.roles).toEqual(['account.view']);
    expect(byPath.get('/user/setting')?.meta.roles).toEqual(['user.view']);
    for (const entry of flat.filter((e) => e.fullPath.startsWith('/user/'))) {
      expect(entry.route.meta.roles.length, entry.fullPath).toBe(1);
    }
  });

  it('should mark exactly the five login, registration and reset pages guest-only', () => {
    const guestOnly = flat.filter((e) => e.route.meta.guestOnly).map((e) => e.fullPath);
    expect(guestOnly.sort()).toEqual([
      '/login',
      '/register/email',
      '/register/phone',
      '/resetpassword/email',
      '/resetpassword/phone',
    ]);
  });

  it('should put coin guards on every /mining/:coin and /pool/:type route', () => {
    for (const entry of flat) {
      if (entry.fullPath.startsWith('/mining/:coin/')) {
        expect(entry.route.meta.coinGuard?.kind, entry.fullPath).toBe('address-mining');
      }
      if (entry.fullPath.startsWith('/pool/:type/')) {
        expect(entry.route.meta.coinGuard, entry.fullPath).toEqual({ kind: 'pool-type' });
      }
    }
  });
});

describe('joinRoutePath', () => {
  it('should join a relative child to its parent', () => {
    expect(joinRoutePath('/contract', 'order/:order_id')).toBe('/contract/order/:order_id');
  });

  it('should keep an absolute child path', () => {
    expect(joinRoutePath('/contract', '/elsewhere')).toBe('/elsewhere');
  });
});
