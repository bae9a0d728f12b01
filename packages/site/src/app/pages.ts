import type { ComponentType } from 'react';

/** A page module: the router's lazily loaded route module with a named `Component`. */
export interface PageModule {
  Component: ComponentType;
}

type Loader = () => Promise<PageModule>;

const info: Loader = () => import('../pages/info/InfoPage');
const mining: Loader = () => import('../pages/mining/MiningPage');
const poolPublic: Loader = () => import('../pages/pool/PoolPublicPage');

/**
 * The pages whose first render shows only English's first-screen messages (core's
 * `createFirstScreenI18n`): they do not wait for the rest of English, which every other page
 * does (`router.tsx`). Their loaded data may show more; it arrives with the rest (`services.ts`).
 */
export const FIRST_SCREEN_PAGES: ReadonlySet<string> = new Set(['Home']);

/**
 * The page chunk of every route name of core's `ROUTES` (every route has its own page now; the
 * "arrives later" frame in `pages/later/` is kept for routes added before their page).
 */
export const PAGE_LOADERS: Readonly<Record<string, Loader>> = {
  Home: () => import('../pages/home/HomePage'),
  Download: info,
  Ticket: () => import('../pages/ticket/TicketPage'),
  MiningDashboard: mining,
  MiningStats: mining,
  MiningInfo: mining,
  MiningIpStatistics: mining,
  RegisterEmail: () => import('../pages/identity/RegisterPage'),
  RegisterPhone: () => import('../pages/identity/RegisterPage'),
  Login: () => import('../pages/identity/LoginPage'),
  OAuthAuthorize: () => import('../pages/identity/OAuthAuthorizePage'),
  AuthRedirect: () => import('../pages/identity/AuthRedirectPage'),
  ResetPasswordPhone: () => import('../pages/identity/ResetPasswordPage'),
  ResetPasswordEmail: () => import('../pages/identity/ResetPasswordPage'),
  ObserverRedirect: () => import('../pages/identity/ObserverRedirectPage'),
  Terms: info,
  AboutUs: info,
  ActivityInvite: () => import('../pages/programmes/ActivityInvitePage'),
  RedPacket: () => import('../pages/programmes/RedPacketPage'),
  RedPacketDetail: () => import('../pages/programmes/RedPacketPage'),
  Miners: () => import('../pages/miners/MinersPage'),
  MinerCatalogueDetail: () => import('../pages/miners/MinerDetailPage'),
  PoolStat: poolPublic,
  PoolInfo: poolPublic,
  AddressMining: () => import('../pages/mining/AddressMiningPage'),
  BindWechat: () => import('../pages/identity/BindWechatPage'),
  Sales: () => import('../pages/sales/SalesPage'),
  GoldshellEvent: () => import('../pages/event/EventPage'),
  PoolHome: () => import('../pages/pool/PoolHomePage'),
  PoolMiner: () => import('../pages/pool/PoolMinerPage'),
  PoolMinerDetail: () => import('../pages/pool/PoolMinerDetailPage'),
  PoolProfit: () => import('../pages/pool/PoolProfitPage'),
  AssetIndex: () => import('../pages/asset/AssetIndexPage'),
  AssetTransaction: () => import('../pages/asset/AssetTransactionPage'),
  AssetAutoWithdraw: () => import('../pages/asset/AssetAutoWithdrawPage'),
  ContractList: () => import('../pages/contract/ContractListPage'),
  ContractOrder: () => import('../pages/contract/ContractOrdersPage'),
  ContractOrderDetail: () => import('../pages/contract/ContractOrderDetailPage'),
  ContractOrderProfit: () => import('../pages/contract/ContractOrderProfitPage'),
  ContractDashboard: () => import('../pages/contract/ContractDashboardPage'),
  ContractDetail: () => import('../pages/contract/ContractDetailPage'),
  ContractTerms: () => import('../pages/contract/ContractDetailPage'),
  Fund: () => import('../pages/asset/FundPage'),
  UserSetting: () => import('../pages/user/UserSettingPage'),
  UserLogs: () => import('../pages/user/UserLogsPage'),
  UserAccount: () => import('../pages/user/UserAccountPage'),
  UserMining: () => import('../pages/user/UserMiningPage'),
  UserMessage: () => import('../pages/user/UserMessagePage'),
  UserAuthRedirect: () => import('../pages/identity/AuthRedirectPage'),
  UserInvite: () => import('../pages/programmes/UserInvitePage'),
  UserRedPacket: () => import('../pages/programmes/UserRedPacketPage'),
  UserRedPacketDetail: () => import('../pages/programmes/UserRedPacketDetailPage'),
  UserAppActivity: () => import('../pages/programmes/UserAppActivityPage'),
  UserObserve: () => import('../pages/user/UserObservePage'),
  UserCoupon: () => import('../pages/user/UserCouponPage'),
  UserCouponDetail: () => import('../pages/user/UserCouponDetailPage'),
  AdminCoupons: () => import('../pages/admin/AdminCouponsPage'),
  AdminOauthApps: () => import('../pages/admin/AdminOauthAppsPage'),
  AdminRedPackets: () => import('../pages/admin/AdminRedPacketsPage'),
  AdminWithdrawals: () => import('../pages/admin/AdminWithdrawalsPage'),
  AdminAuditLog: () => import('../pages/admin/AdminAuditLogPage'),
  AdminReconciliation: () => import('../pages/admin/AdminReconciliationPage'),
  AdminContractProducts: () => import('../pages/admin/AdminContractProductsPage'),
  AdminContractOrders: () => import('../pages/admin/AdminContractOrdersPage'),
  AdminTickets: () => import('../pages/admin/AdminTicketsPage'),
  AdminContent: () => import('../pages/admin/AdminContentPage'),
  AdminSellers: () => import('../pages/admin/AdminSellersPage'),
};
