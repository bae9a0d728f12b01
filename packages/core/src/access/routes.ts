import type { AddressMiningPage } from '../domain/coinGuards';
import type { Permission } from './permissions';

/** A coin guard a route carries (spec section 2). */
export type CoinGuard =
  /** `/mining/:coin/<page>`: only address-mining coins, and `ip-statistics` only for aleo. */
  | { kind: 'address-mining'; page: AddressMiningPage }
  /** `/pool/:type/*`: closed for the address-mining coins (and unknown coins). */
  | { kind: 'pool-type' };

/** What the guards need to know about a route. */
export interface RouteMeta {
  /**
   * Permissions of spec section 6, any one of which opens the route. Empty: open to everyone who
   * may reach it at all (everyone on a public route, every signed-in user otherwise).
   */
  readonly roles: readonly Permission[];
  /** Observers (read-only sessions) may open it: the read-only account pages. */
  readonly observer?: boolean;
  /** Signed-in users opening it are sent to `/` (login, registration, password reset). */
  readonly guestOnly?: boolean;
  /** The coin guard of the route's `:coin` or `:type` parameter. */
  readonly coinGuard?: CoinGuard;
  /** The spec names the route but shows no path: the path is PoolKit's choice. */
  readonly assumedPath?: boolean;
}

/** One entry of the route table. */
export interface RouteRecord {
  /**
   * The path as the spec writes it: absolute for top-level routes, relative to the parent for
   * children (`list` under `/contract`). Parameters are `:name`.
   */
  readonly path: string;
  /** A unique name (PascalCase), for links and for the site's page map. */
  readonly name: string;
  /** Open without login (spec section 2, "Public routes"). */
  readonly public: boolean;
  readonly meta: RouteMeta;
  /**
   * Absolute path the route forwards to. A route with a redirect has no page of its own (see
   * `filterRoutesByRoles`).
   */
  readonly redirect?: string;
  readonly children?: readonly RouteRecord[];
}

const open = { roles: [] } as const satisfies RouteMeta;
const guestOnly = { roles: [], guestOnly: true } as const satisfies RouteMeta;
/** The operator console's pages: operators only (`admin.view`). */
const operator = { roles: ['admin.view'] } as const satisfies RouteMeta;

function addressMining(page: AddressMiningPage): RouteMeta {
  return { roles: [], coinGuard: { kind: 'address-mining', page } };
}

/**
 * The full route table of spec section 2, as data. Every path is written as the spec writes
 * it; `meta.roles` is PoolKit's mapping of pages to the permission strings of section 6:
 *
 * - `/pool/:type/home` and `/pool/:type/profit` → `pool.view` (the account's pool overview and
 *   earnings); `/pool/:type/miner` and `/pool/:type/miner/detail` → `miner.view` (workers).
 *   These four are the read-only account pages observers may open (`meta.observer`).
 * - `/asset/*` → `wallet.view`; `/fund/:id` → `wallet.view` (a fund record is a wallet asset).
 * - `/contract` and all its children → `contract.view`.
 * - `/user` itself needs no permission (it only forwards); its children: `setting`, `logs`,
 *   `message`, `authredirect` (third-party binding), `red_packet`, `red_packet/:id`,
 *   `app/activity`, `coupon`, `coupon/:couponId/:itemId` → `user.view` (the person's own
 *   centre); `account` (sub-accounts), `mining` (per-account mining settings) and `observe`
 *   (observer links of an account) → `account.view`; `invite` → `recommend.view`.
 * - Public routes need no permission (`roles: []`).
 *
 * - `/admin` (the operator console, not in the spec: PoolKit's path) and its children →
 *   `admin.view`, which only operators hold; `/admin` itself only forwards to its first page.
 *
 * Named open routes without a path in the spec (`meta.assumedPath`): AddressMining `/mining`
 * (the address-mining landing above `/mining/:coin/*`: the coins with their pool figures and an
 * address search), Sales `/sales` (machines with their sellers and contracts on sale),
 * BindWechat `/bind-wechat` (the WeChat OAuth return page), GoldshellEvent `/activity/goldshell`
 * (a partner event, beside the other activity pages). All four are public.
 */
export const ROUTES: readonly RouteRecord[] = [
  { path: '/', name: 'Home', public: true, meta: open },
  { path: '/download', name: 'Download', public: true, meta: open },
  { path: '/ticket', name: 'Ticket', public: true, meta: open },
  {
    path: '/mining/:coin/dashboard',
    name: 'MiningDashboard',
    public: true,
    meta: addressMining('dashboard'),
  },
  { path: '/mining/:coin/stats', name: 'MiningStats', public: true, meta: addressMining('stats') },
  { path: '/mining/:coin/info', name: 'MiningInfo', public: true, meta: addressMining('info') },
  {
    path: '/mining/:coin/ip-statistics',
    name: 'MiningIpStatistics',
    public: true,
    meta: addressMining('ip-statistics'),
  },
  { path: '/register/email', name: 'RegisterEmail', public: true, meta: guestOnly },
  { path: '/register/phone', name: 'RegisterPhone', public: true, meta: guestOnly },
  { path: '/login', name: 'Login', public: true, meta: guestOnly },
  { path: '/login/oauth/authorize', name: 'OAuthAuthorize', public: true, meta: open },
  { path: '/authredirect', name: 'AuthRedirect', public: true, meta: open },
  { path: '/resetpassword/phone', name: 'ResetPasswordPhone', public: true, meta: guestOnly },
  { path: '/resetpassword/email', name: 'ResetPasswordEmail', public: true, meta: guestOnly },
  { path: '/observer_redirect', name: 'ObserverRedirect', public: true, meta: open },
  { path: '/terms', name: 'Terms', public: true, meta: open },
  { path: '/about-us', name: 'AboutUs', public: true, meta: open },
  { path: '/activity/invite', name: 'ActivityInvite', public: true, meta: open },
  { path: '/activity/red_packet/:packet_id', name: 'RedPacket', public: true, meta: open },
  {
    path: '/activity/red_packet/:packet_id/detail',
    name: 'RedPacketDetail',
    public: true,
    meta: open,
  },
  { path: '/miners', name: 'Miners', public: true, meta: open },
  { path: '/miners/detail/:id', name: 'MinerCatalogueDetail', public: true, meta: open },
  {
    path: '/pool/:type/stat',
    name: 'PoolStat',
    public: true,
    meta: { roles: [], coinGuard: { kind: 'pool-type' } },
  },
  {
    path: '/pool/:type/info',
    name: 'PoolInfo',
    public: true,
    meta: { roles: [], coinGuard: { kind: 'pool-type' } },
  },
  { path: '/mining', name: 'AddressMining', public: true, meta: { roles: [], assumedPath: true } },
  {
    path: '/bind-wechat',
    name: 'BindWechat',
    public: true,
    meta: { roles: [], assumedPath: true },
  },
  { path: '/sales', name: 'Sales', public: true, meta: { roles: [], assumedPath: true } },
  {
    path: '/activity/goldshell',
    name: 'GoldshellEvent',
    public: true,
    meta: { roles: [], assumedPath: true },
  },
  {
    path: '/pool/:type/home',
    name: 'PoolHome',
    public: false,
    meta: { roles: ['pool.view'], observer: true, coinGuard: { kind: 'pool-type' } },
  },
  {
    path: '/pool/:type/miner',
    name: 'PoolMiner',
    public: false,
    meta: { roles: ['miner.view'], observer: true, coinGuard: { kind: 'pool-type' } },
  },
  {
    path: '/pool/:type/miner/detail',
    name: 'PoolMinerDetail',
    public: false,
    meta: { roles: ['miner.view'], observer: true, coinGuard: { kind: 'pool-type' } },
  },
  {
    path: '/pool/:type/profit',
    name: 'PoolProfit',
    public: false,
    meta: { roles: ['pool.view'], observer: true, coinGuard: { kind: 'pool-type' } },
  },
  { path: '/asset/index', name: 'AssetIndex', public: false, meta: { roles: ['wallet.view'] } },
  {
    path: '/asset/transaction',
    name: 'AssetTransaction',
    public: false,
    meta: { roles: ['wallet.view'] },
  },
  {
    path: '/asset/auto-withdraw',
    name: 'AssetAutoWithdraw',
    public: false,
    meta: { roles: ['wallet.view'] },
  },
  {
    path: '/contract',
    name: 'Contract',
    public: false,
    meta: { roles: ['contract.view'] },
    redirect: '/contract/list',
    children: [
      { path: 'list', name: 'ContractList', public: false, meta: { roles: ['contract.view'] } },
      { path: 'order', name: 'ContractOrder', public: false, meta: { roles: ['contract.view'] } },
      {
        path: 'order/:order_id',
        name: 'ContractOrderDetail',
        public: false,
        meta: { roles: ['contract.view'] },
      },
      {
        path: 'order/:order_id/profit',
        name: 'ContractOrderProfit',
        public: false,
        meta: { roles: ['contract.view'] },
      },
      {
        path: 'dashboard',
        name: 'ContractDashboard',
        public: false,
        meta: { roles: ['contract.view'] },
      },
      { path: 'detail', name: 'ContractDetail', public: false, meta: { roles: ['contract.view'] } },
      { path: 'terms', name: 'ContractTerms', public: false, meta: { roles: ['contract.view'] } },
    ],
  },
  { path: '/fund/:id', name: 'Fund', public: false, meta: { roles: ['wallet.view'] } },
  {
    path: '/user',
    name: 'User',
    public: false,
    meta: { roles: [] },
    redirect: '/user/setting',
    children: [
      { path: 'setting', name: 'UserSetting', public: false, meta: { roles: ['user.view'] } },
      { path: 'logs', name: 'UserLogs', public: false, meta: { roles: ['user.view'] } },
      { path: 'account', name: 'UserAccount', public: false, meta: { roles: ['account.view'] } },
      { path: 'mining', name: 'UserMining', public: false, meta: { roles: ['account.view'] } },
      { path: 'message', name: 'UserMessage', public: false, meta: { roles: ['user.view'] } },
      {
        path: 'authredirect',
        name: 'UserAuthRedirect',
        public: false,
        meta: { roles: ['user.view'] },
      },
      { path: 'invite', name: 'UserInvite', public: false, meta: { roles: ['recommend.view'] } },
      { path: 'red_packet', name: 'UserRedPacket', public: false, meta: { roles: ['user.view'] } },
      {
        path: 'red_packet/:id',
        name: 'UserRedPacketDetail',
        public: false,
        meta: { roles: ['user.view'] },
      },
      {
        path: 'app/activity',
        name: 'UserAppActivity',
        public: false,
        meta: { roles: ['user.view'] },
      },
      { path: 'observe', name: 'UserObserve', public: false, meta: { roles: ['account.view'] } },
      { path: 'coupon', name: 'UserCoupon', public: false, meta: { roles: ['user.view'] } },
      {
        path: 'coupon/:couponId/:itemId',
        name: 'UserCouponDetail',
        public: false,
        meta: { roles: ['user.view'] },
      },
    ],
  },
  {
    path: '/admin',
    name: 'Admin',
    public: false,
    meta: operator,
    redirect: '/admin/coupons',
    children: [
      { path: 'coupons', name: 'AdminCoupons', public: false, meta: operator },
      { path: 'red-packets', name: 'AdminRedPackets', public: false, meta: operator },
      { path: 'withdrawals', name: 'AdminWithdrawals', public: false, meta: operator },
      { path: 'audit-log', name: 'AdminAuditLog', public: false, meta: operator },
      { path: 'tickets', name: 'AdminTickets', public: false, meta: operator },
      { path: 'reconciliation', name: 'AdminReconciliation', public: false, meta: operator },
      { path: 'contracts', name: 'AdminContractProducts', public: false, meta: operator },
      { path: 'contract-orders', name: 'AdminContractOrders', public: false, meta: operator },
      { path: 'oauth-apps', name: 'AdminOauthApps', public: false, meta: operator },
      { path: 'content', name: 'AdminContent', public: false, meta: operator },
      { path: 'sellers', name: 'AdminSellers', public: false, meta: operator },
    ],
  },
];

/** Joins a child's relative path to its parent's absolute path. */
export function joinRoutePath(parentPath: string, childPath: string): string {
  if (childPath.startsWith('/')) return childPath;
  return `${parentPath.replace(/\/+$/, '')}/${childPath}`;
}

/** A route with its absolute path and its ancestors (outermost first). */
export interface FlatRoute {
  readonly route: RouteRecord;
  readonly fullPath: string;
  readonly parents: readonly RouteRecord[];
}

/**
 * Lists every route of a table, parents before their children, each with its absolute path.
 *
 * @param routes - a route table; default {@link ROUTES}
 */
export function flattenRoutes(routes: readonly RouteRecord[] = ROUTES): FlatRoute[] {
  const flat: FlatRoute[] = [];
  const visit = (
    records: readonly RouteRecord[],
    parentPath: string,
    parents: readonly RouteRecord[],
  ): void => {
    for (const route of records) {
      const fullPath = parentPath === '' ? route.path : joinRoutePath(parentPath, route.path);
      flat.push({ route, fullPath, parents });
      if (route.children) visit(route.children, fullPath, [...parents, route]);
    }
  };
  visit(routes, '', []);
  return flat;
}
