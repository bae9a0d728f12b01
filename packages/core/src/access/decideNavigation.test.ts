import { describe, expect, it } from 'vitest';
import { decideNavigation, type NavigationSession } from './decideNavigation';
import type { RouteRecord } from './routes';

const visitor: NavigationSession = { isLoggedIn: false, isObserver: false, roles: null };
const ALL_ROLES = [
  'contract.view',
  'account.view',
  'pool.view',
  'miner.view',
  'user.view',
  'recommend.view',
  'wallet.view',
];
const member: NavigationSession = { isLoggedIn: true, isObserver: false, roles: ALL_ROLES };
const observer: NavigationSession = {
  isLoggedIn: false,
  isObserver: true,
  observerToken: 'obs-1',
  roles: ['pool.view', 'miner.view'],
};
const observerQuery = { observer_token: 'obs-1' };

describe('decideNavigation', () => {
  describe('unknown paths', () => {
    it('should redirect an unknown path to /', () => {
      expect(decideNavigation({ path: '/nowhere', query: {}, session: member })).toEqual({
        type: 'redirect',
        to: '/',
        reason: 'unknown-path',
      });
    });

    it('should redirect an unknown path to / for visitors too', () => {
      expect(decideNavigation({ path: '/pool/btc', query: {}, session: visitor })).toMatchObject({
        type: 'redirect',
        to: '/',
        reason: 'unknown-path',
      });
    });
  });

  describe('forwarding routes', () => {
    it('should send /contract to /contract/list, keeping query and hash', () => {
      expect(
        decideNavigation({ path: '/contract', query: { a: '1' }, hash: '#x', session: member }),
      ).toEqual({ type: 'redirect', to: '/contract/list?a=1#x', reason: 'route-redirect' });
    });

    it('should send /user to /user/setting', () => {
      expect(decideNavigation({ path: '/user', query: {}, session: member })).toEqual({
        type: 'redirect',
        to: '/user/setting',
        reason: 'route-redirect',
      });
    });
  });

  describe('signed-in users on guest-only pages', () => {
    for (const path of [
      '/login',
      '/register/phone',
      '/register/email',
      '/resetpassword/phone',
      '/resetpassword/email',
    ]) {
      it(`should send a signed-in user from ${path} to / with the redirected flag`, () => {
        expect(decideNavigation({ path, query: {}, session: member })).toEqual({
          type: 'redirect',
          to: '/',
          reason: 'signed-in',
          redirected: true,
        });
      });
    }

    it('should redirect a signed-in user before loading roles', () => {
      expect(
        decideNavigation({ path: '/login', query: {}, session: { ...member, roles: null } }),
      ).toMatchObject({ type: 'redirect', to: '/', redirected: true });
    });

    it('should let a signed-in user open the third-party authorisation page', () => {
      expect(
        decideNavigation({ path: '/login/oauth/authorize', query: {}, session: member }),
      ).toMatchObject({ type: 'allow', name: 'OAuthAuthorize' });
    });

    it('should let a visitor open the login page', () => {
      expect(decideNavigation({ path: '/login', query: {}, session: visitor })).toMatchObject({
        type: 'allow',
        name: 'Login',
      });
    });
  });

  describe('visitors', () => {
    it('should send a visitor on a non-public route to /login with a redirect back', () => {
      expect(
        decideNavigation({
          path: '/user/setting',
          query: { tab: 'security' },
          hash: '#pay',
          session: visitor,
        }),
      ).toEqual({
        type: 'redirect',
        to: `/login?redirect=${encodeURIComponent('/user/setting?tab=security#pay')}`,
        reason: 'login-required',
      });
    });

    it('should let a visitor open public pages without login', () => {
      for (const path of ['/', '/download', '/ticket', '/miners/detail/4', '/pool/btc/stat']) {
        expect(decideNavigation({ path, query: {}, session: visitor }).type, path).toBe('allow');
      }
    });

    it('should return the route name and parameters when allowing', () => {
      expect(decideNavigation({ path: '/pool/ltc/info', query: {}, session: visitor })).toEqual({
        type: 'allow',
        name: 'PoolInfo',
        params: { type: 'ltc' },
      });
    });
  });

  describe('red packets', () => {
    it('should open any red packet path to visitors', () => {
      expect(
        decideNavigation({ path: '/activity/red_packet/abc', query: {}, session: visitor }),
      ).toMatchObject({ type: 'allow', name: 'RedPacket' });
      expect(
        decideNavigation({ path: '/activity/red_packet/abc/detail', query: {}, session: visitor }),
      ).toMatchObject({ type: 'allow', name: 'RedPacketDetail' });
    });

    it('should open a red packet path before roles load or the observer check', () => {
      expect(
        decideNavigation({
          path: '/activity/red_packet/abc',
          query: {},
          session: { ...member, roles: null },
        }),
      ).toMatchObject({ type: 'allow' });
      expect(
        decideNavigation({ path: '/activity/red_packet/abc', query: {}, session: observer }),
      ).toMatchObject({ type: 'allow' });
    });
  });

  describe('address-mining coin guard', () => {
    it('should open /mining/:coin pages for the address-mining coins', () => {
      for (const coin of ['alph', 'kas', 'sumo', 'zeph', 'aleo']) {
        expect(
          decideNavigation({ path: `/mining/${coin}/dashboard`, query: {}, session: visitor }).type,
          coin,
        ).toBe('allow');
      }
      expect(
        decideNavigation({ path: '/mining/kas/stats', query: {}, session: visitor }).type,
      ).toBe('allow');
      expect(
        decideNavigation({ path: '/mining/zeph/info', query: {}, session: visitor }).type,
      ).toBe('allow');
    });

    it('should send other coins on /mining/:coin pages to /', () => {
      expect(
        decideNavigation({ path: '/mining/btc/dashboard', query: {}, session: visitor }),
      ).toEqual({ type: 'redirect', to: '/', reason: 'coin-not-supported' });
    });

    it('should open ip-statistics for aleo only', () => {
      expect(
        decideNavigation({ path: '/mining/aleo/ip-statistics', query: {}, session: visitor }).type,
      ).toBe('allow');
      expect(
        decideNavigation({ path: '/mining/kas/ip-statistics', query: {}, session: visitor }),
      ).toMatchObject({ type: 'redirect', to: '/', reason: 'coin-not-supported' });
    });
  });

  describe('pool type coin guard', () => {
    it('should send the public pool pages of the five address-mining coins to /', () => {
      for (const coin of ['alph', 'kas', 'sumo', 'zeph', 'aleo']) {
        expect(
          decideNavigation({ path: `/pool/${coin}/stat`, query: {}, session: visitor }),
          coin,
        ).toMatchObject({ type: 'redirect', to: '/', reason: 'coin-not-supported' });
        expect(
          decideNavigation({ path: `/pool/${coin}/info`, query: {}, session: visitor }),
          coin,
        ).toMatchObject({ type: 'redirect', to: '/', reason: 'coin-not-supported' });
      }
    });

    it('should send the signed-in pool pages of the five coins to /', () => {
      for (const page of ['home', 'miner', 'miner/detail', 'profit']) {
        expect(
          decideNavigation({ path: `/pool/kas/${page}`, query: {}, session: member }),
          page,
        ).toMatchObject({ type: 'redirect', to: '/', reason: 'coin-not-supported' });
      }
    });

    it('should send a visitor home rather than to login for a closed pool page', () => {
      expect(
        decideNavigation({ path: '/pool/aleo/home', query: {}, session: visitor }),
      ).toMatchObject({ type: 'redirect', to: '/', reason: 'coin-not-supported' });
    });

    it('should send pool pages of unknown coins to /', () => {
      expect(
        decideNavigation({ path: '/pool/KAS/stat', query: {}, session: visitor }),
      ).toMatchObject({ type: 'redirect', to: '/', reason: 'coin-not-supported' });
    });
  });

  describe('roles', () => {
    it('should load the roles on the first navigation of a signed-in user', () => {
      expect(
        decideNavigation({
          path: '/pool/btc/home',
          query: {},
          session: { ...member, roles: null },
        }),
      ).toEqual({ type: 'load-roles' });
    });

    it('should load the roles on a public page too', () => {
      expect(
        decideNavigation({ path: '/', query: {}, session: { ...member, roles: null } }),
      ).toEqual({ type: 'load-roles' });
    });

    it('should not load roles again once loaded, even when the list is empty', () => {
      expect(
        decideNavigation({ path: '/', query: {}, session: { ...member, roles: [] } }),
      ).toMatchObject({ type: 'allow' });
    });

    it('should not load roles for a visitor', () => {
      expect(decideNavigation({ path: '/', query: {}, session: visitor }).type).toBe('allow');
    });

    it('should allow a route when the user holds one of its roles', () => {
      expect(
        decideNavigation({
          path: '/asset/index',
          query: {},
          session: { ...member, roles: ['wallet.view'] },
        }),
      ).toMatchObject({ type: 'allow', name: 'AssetIndex' });
    });

    it('should send a user lacking the route roles to /', () => {
      expect(
        decideNavigation({
          path: '/asset/index',
          query: {},
          session: { ...member, roles: ['pool.view'] },
        }),
      ).toEqual({ type: 'redirect', to: '/', reason: 'forbidden' });
    });

    it('should check a child against its own roles', () => {
      const session = { ...member, roles: ['recommend.view'] };
      expect(decideNavigation({ path: '/user/invite', query: {}, session })).toMatchObject({
        type: 'allow',
      });
      expect(decideNavigation({ path: '/user/setting', query: {}, session })).toMatchObject({
        type: 'redirect',
        reason: 'forbidden',
      });
    });

    it('should check a child against the roles of its parent', () => {
      const routes: RouteRecord[] = [
        {
          path: '/reports',
          name: 'Reports',
          public: false,
          meta: { roles: ['wallet.view'] },
          children: [
            { path: 'pool', name: 'PoolReport', public: false, meta: { roles: ['pool.view'] } },
          ],
        },
      ];
      const session = { ...member, roles: ['pool.view'] };
      expect(decideNavigation({ path: '/reports/pool', query: {}, session, routes })).toEqual({
        type: 'redirect',
        to: '/',
        reason: 'forbidden',
      });
      expect(
        decideNavigation({
          path: '/reports/pool',
          query: {},
          session: { ...member, roles: ['pool.view', 'wallet.view'] },
          routes,
        }),
      ).toMatchObject({ type: 'allow', name: 'PoolReport' });
    });

    it('should refuse a contract child without contract.view', () => {
      expect(
        decideNavigation({
          path: '/contract/order/7',
          query: {},
          session: { ...member, roles: ['user.view'] },
        }),
      ).toMatchObject({ type: 'redirect', to: '/', reason: 'forbidden' });
    });
  });

  describe('the operator console', () => {
    const operator: NavigationSession = { ...member, roles: [...ALL_ROLES, 'admin.view'] };

    it('should forward /admin to its first page and let an operator open it', () => {
      expect(decideNavigation({ path: '/admin', query: {}, session: operator })).toEqual({
        type: 'redirect',
        to: '/admin/coupons',
        reason: 'route-redirect',
      });
      expect(
        decideNavigation({ path: '/admin/audit-log', query: {}, session: operator }),
      ).toMatchObject({ type: 'allow', name: 'AdminAuditLog' });
      expect(
        decideNavigation({
          path: '/admin/audit-log',
          query: {},
          session: { ...member, roles: ['admin.view'] },
        }),
      ).toMatchObject({ type: 'allow' });
    });

    it('should send a signed-in user who is not an operator to /', () => {
      expect(decideNavigation({ path: '/admin/audit-log', query: {}, session: member })).toEqual({
        type: 'redirect',
        to: '/',
        reason: 'forbidden',
      });
    });

    it('should send a visitor to /login with a redirect back, and load roles first', () => {
      expect(decideNavigation({ path: '/admin/audit-log', query: {}, session: visitor })).toEqual({
        type: 'redirect',
        to: '/login?redirect=%2Fadmin%2Faudit-log',
        reason: 'login-required',
      });
      expect(
        decideNavigation({
          path: '/admin/audit-log',
          query: {},
          session: { ...member, roles: null },
        }),
      ).toEqual({ type: 'load-roles' });
    });

    it('should send an observer away, whatever roles it reports', () => {
      expect(
        decideNavigation({
          path: '/admin/audit-log',
          query: observerQuery,
          session: { ...observer, roles: ['admin.view'] },
        }),
      ).toEqual({ type: 'redirect', to: '/', reason: 'observer-read-only' });
    });
  });

  describe('observer mode', () => {
    it('should start an observer session when observer_token is in the query', () => {
      expect(
        decideNavigation({
          path: '/pool/btc/home',
          query: { observer_token: 'tok' },
          session: visitor,
        }),
      ).toEqual({ type: 'start-observer', observerToken: 'tok' });
    });

    it('should switch to a different observer token', () => {
      expect(
        decideNavigation({
          path: '/pool/btc/home',
          query: { observer_token: 'obs-2' },
          session: observer,
        }),
      ).toEqual({ type: 'start-observer', observerToken: 'obs-2' });
    });

    it('should clear the observer token and reload when it is absent from the URL', () => {
      expect(
        decideNavigation({ path: '/pool/btc/home', query: { a: '1' }, session: observer }),
      ).toEqual({ type: 'end-observer', reloadTo: '/pool/btc/home?a=1' });
    });

    it('should load the observer roles on the first observer navigation', () => {
      expect(
        decideNavigation({
          path: '/pool/btc/home',
          query: observerQuery,
          session: { ...observer, roles: null },
        }),
      ).toEqual({ type: 'load-roles' });
    });

    it('should let an observer open the read-only account pages', () => {
      for (const page of ['home', 'miner', 'miner/detail', 'profit']) {
        expect(
          decideNavigation({ path: `/pool/btc/${page}`, query: observerQuery, session: observer })
            .type,
          page,
        ).toBe('allow');
      }
    });

    it('should send an observer away from pages that are not read-only account pages', () => {
      expect(
        decideNavigation({ path: '/user/setting', query: observerQuery, session: observer }),
      ).toEqual({ type: 'redirect', to: '/', reason: 'observer-read-only' });
    });

    it('should restrict a signed-in user in observer mode the same way', () => {
      expect(
        decideNavigation({
          path: '/asset/index',
          query: observerQuery,
          session: { ...observer, isLoggedIn: true, roles: ALL_ROLES },
        }),
      ).toMatchObject({ type: 'redirect', to: '/', reason: 'observer-read-only' });
    });

    it('should check the observer roles on observer pages', () => {
      expect(
        decideNavigation({
          path: '/pool/btc/profit',
          query: observerQuery,
          session: { ...observer, roles: ['miner.view'] },
        }),
      ).toMatchObject({ type: 'redirect', to: '/', reason: 'forbidden' });
    });

    it('should let an observer open public pages', () => {
      expect(
        decideNavigation({ path: '/pool/btc/stat', query: observerQuery, session: observer }).type,
      ).toBe('allow');
    });
  });
});
