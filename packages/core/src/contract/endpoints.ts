/**
 * Every call of the API, keyed by endpoint id (also the client's method name). Paths of spec
 * section 7 are kept exactly as written; calls the spec does not show get clean REST paths
 * under the same base, and their TSDoc says so ("Not shown: …").
 *
 * Auth: `public` needs no token; `optional` reads a token when present; `user` needs a user
 * token, an observer token is accepted for reads; `user-only` refuses observer tokens (money,
 * identity, security and personal data). Every non-GET call is a write, refused to observers.
 */
import type { z } from 'zod';
import {
  accountParamsSchema,
  createObserverBodySchema,
  createSubAccountBodySchema,
  observerLinkListSchema,
  observerLinkSchema,
  observerParamsSchema,
  subAccountListSchema,
  subAccountSchema,
  updateSubAccountBodySchema,
} from './accounts';
import {
  addressIpListSchema,
  addressMinerInfoSchema,
  addressParamsSchema,
  addressWorkerParamsSchema,
  coinParamsSchema,
  poolWorkerStatsSchema,
} from './addressMining';
import {
  catalogueDetailQuerySchema,
  catalogueListSchema,
  catalogueMinerDetailSchema,
  catalogueParamsSchema,
  catalogueQuerySchema,
} from './catalogue';
import {
  dailySeriesQuerySchema,
  emptyResponseSchema,
  hashrateSeriesQuerySchema,
  hashrateSeriesSchema,
  minerHashrateSeriesSchema,
  pagedDateRangeQuerySchema,
  paginationQuerySchema,
} from './common';
import {
  contractDashboardSchema,
  contractOrderListSchema,
  contractOrderParamsSchema,
  contractOrderQuerySchema,
  contractOrderSchema,
  contractProductListSchema,
  contractProductParamsSchema,
  contractProductQuerySchema,
  contractProductSchema,
  createContractOrderBodySchema,
  orderProfitListSchema,
  orderProfitQuerySchema,
  uploadCertificateBodySchema,
} from './contracts';
import { defineEndpoint, type Endpoint } from './endpoint';
import {
  cancellationBodySchema,
  cancellationSchema,
  captchaChallengeSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  changePhoneBodySchema,
  codeSentSchema,
  currentAccountSchema,
  currentPermissionsSchema,
  loginBodySchema,
  loginQuerySchema,
  loginResultSchema,
  logoutBodySchema,
  oauthAuthorizeBodySchema,
  oauthClientSchema,
  oauthRedirectSchema,
  oauthRequestQuerySchema,
  observerInfoSchema,
  publicKeySchema,
  refreshBodySchema,
  registerEmailBodySchema,
  registerPhoneBodySchema,
  resetPasswordEmailBodySchema,
  resetPasswordPhoneBodySchema,
  secondValidationBodySchema,
  secondValidationSchema,
  sendBoundCodeBodySchema,
  sendCodeBodySchema,
  sendCodeQuerySchema,
  setCurrentAccountBodySchema,
  tokenPairSchema,
  totpDisableBodySchema,
  totpLoginBodySchema,
  totpSecretSchema,
  totpValidationBodySchema,
  updateSettingsBodySchema,
  userInfoSchema,
  userLogListSchema,
  userLogQuerySchema,
  userMiningSchema,
  userSettingsSchema,
} from './identity';
import {
  alertSettingsSchema,
  markReadBodySchema,
  markReadResultSchema,
  messageListQuerySchema,
  messageListSchema,
  unreadCountSchema,
  updateAlertSettingsBodySchema,
} from './messages';
import {
  accountPathParamsSchema,
  accountStatsSchema,
  addressWorkerListQuerySchema,
  createGroupBodySchema,
  deleteGroupBodySchema,
  deleteWorkersBodySchema,
  groupPathParamsSchema,
  minerPathParamsSchema,
  moveWorkersBodySchema,
  renameGroupBodySchema,
  workerDetailSchema,
  workerGroupListSchema,
  workerGroupSchema,
  workerListQuerySchema,
  workerListSchema,
  workerStatsQuerySchema,
  workerStatsSchema,
  workersChangedSchema,
} from './miners';
import {
  passkeyAuthenticationBodySchema,
  passkeyAuthenticationOptionsSchema,
  passkeyListSchema,
  passkeyLoginResultSchema,
  passkeyParamsSchema,
  passkeyRegistrationBodySchema,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  renamePasskeyBodySchema,
} from './passkeys';
import {
  blockListQuerySchema,
  blockListSchema,
  coinListSchema,
  coinPagesQuerySchema,
  coinPagesSchema,
  poolListSchema,
  poolParamsSchema,
  poolStatsSchema,
} from './pools';
import {
  accountPoolParamsSchema,
  feeRateListSchema,
  payMethodListSchema,
  payMethodQuerySchema,
  payMethodSchema,
  paymentListSchema,
  profitExportQuerySchema,
  profitExportSchema,
  profitHashrateSeriesSchema,
  profitListSchema,
  profitStatsSchema,
  soloProfitListSchema,
  unitProfitSeriesSchema,
  updatePayMethodBodySchema,
} from './profits';
import {
  activateRedPacketBodySchema,
  couponItemListSchema,
  couponListQuerySchema,
  couponListSchema,
  couponParamsSchema,
  couponSchema,
  invitationSummarySchema,
  inviteeListSchema,
  inviteRewardListSchema,
  receivedRedPacketParamsSchema,
  receiveRedPacketBodySchema,
  redeemCouponBodySchema,
  redPacketCampaignSchema,
  redPacketListQuerySchema,
  redPacketListSchema,
  redPacketParamsSchema,
  redPacketProfitListSchema,
  redPacketSchema,
  useCouponBodySchema,
} from './programmes';
import {
  advertisementListSchema,
  announcementListSchema,
  blogrollListSchema,
  currencyRatesSchema,
  footerLinkListSchema,
  siteParametersSchema,
  sliderListSchema,
} from './site';
import {
  createTicketBodySchema,
  replyTicketBodySchema,
  supportTicketSchema,
  ticketDetailSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketParamsSchema,
} from './tickets';
import {
  autoWithdrawListSchema,
  autoWithdrawSchema,
  coinQuerySchema,
  createWithdrawAddressBodySchema,
  depositAddressSchema,
  exchangeBodySchema,
  exchangeQuoteQuerySchema,
  exchangeQuoteSchema,
  exchangeSchema,
  setPayPasswordBodySchema,
  transactionListQuerySchema,
  transferBodySchema,
  transferSchema,
  updateAutoWithdrawBodySchema,
  updateWithdrawAddressBodySchema,
  walletBalancesSchema,
  walletItemParamsSchema,
  walletTransactionListSchema,
  withdrawAddressListSchema,
  withdrawAddressQuerySchema,
  withdrawAddressSchema,
  withdrawalSchema,
  withdrawBodySchema,
  withdrawRulesSchema,
} from './wallet';

/** The API contract: every endpoint by id. */
export const endpoints = {
  // -------------------------------------------------------------------------------------------
  // Family A: address mining (public)
  // -------------------------------------------------------------------------------------------

  /** Pools that can be mined by address (alph, kas, sumo, zeph, aleo). */
  addressMiningPools: defineEndpoint({
    id: 'addressMiningPools',
    family: 'A',
    method: 'GET',
    path: '/address-mining/pools',
    auth: 'public',
    response: poolListSchema,
    summary: 'Pools that can be mined by address',
  }),
  /** Statistics of an address-mining pool. */
  addressMiningPoolStats: defineEndpoint({
    id: 'addressMiningPoolStats',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/pool/stats',
    auth: 'public',
    params: coinParamsSchema,
    response: poolStatsSchema,
    summary: 'Statistics of an address-mining pool',
  }),
  /** Blocks found by an address-mining pool, newest first. */
  addressMiningBlocks: defineEndpoint({
    id: 'addressMiningBlocks',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/blocks',
    auth: 'public',
    params: coinParamsSchema,
    query: blockListQuerySchema,
    response: blockListSchema,
    summary: 'Blocks found by an address-mining pool',
  }),
  /** Hashrate series of an address-mining pool. */
  addressMiningHashrates: defineEndpoint({
    id: 'addressMiningHashrates',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/hashrates',
    auth: 'public',
    params: coinParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: hashrateSeriesSchema,
    summary: 'Hashrate series of an address-mining pool',
  }),
  /** Payouts to a mining address, newest first. */
  addressMiningPayments: defineEndpoint({
    id: 'addressMiningPayments',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/payments/{addr}',
    auth: 'public',
    params: addressParamsSchema,
    query: paginationQuerySchema,
    response: paymentListSchema,
    summary: 'Payouts to a mining address',
  }),
  /** Summary of a mining address: hashrates, workers, balance and income. */
  addressMinerInfo: defineEndpoint({
    id: 'addressMinerInfo',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/info',
    auth: 'public',
    params: addressParamsSchema,
    response: addressMinerInfoSchema,
    summary: 'Summary of a mining address',
  }),
  /** Hashrate series of a mining address. */
  addressMinerHashrates: defineEndpoint({
    id: 'addressMinerHashrates',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/hashrates',
    auth: 'public',
    params: addressParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: minerHashrateSeriesSchema,
    summary: 'Hashrate series of a mining address',
  }),
  /** Daily income of a mining address, newest first. */
  addressMinerProfits: defineEndpoint({
    id: 'addressMinerProfits',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/profits',
    auth: 'public',
    params: addressParamsSchema,
    query: pagedDateRangeQuerySchema,
    response: profitListSchema,
    summary: 'Daily income of a mining address',
  }),
  /** Workers of a mining address. */
  addressMinerWorkers: defineEndpoint({
    id: 'addressMinerWorkers',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/workers',
    auth: 'public',
    params: addressParamsSchema,
    query: addressWorkerListQuerySchema,
    response: workerListSchema,
    summary: 'Workers of a mining address',
  }),
  /**
   * Hashrate series of one worker of an address. The spec gives this call no query: it answers
   * the last 24 hours at 10-minute steps.
   */
  addressWorkerHashrates: defineEndpoint({
    id: 'addressWorkerHashrates',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/workers/{worker}/hashrates',
    auth: 'public',
    params: addressWorkerParamsSchema,
    response: minerHashrateSeriesSchema,
    summary: 'Hashrate series of one worker of an address (24 h, 10 min)',
  }),
  /** Addresses and workers of the whole address-mining pool, by state. */
  addressMiningWorkerStats: defineEndpoint({
    id: 'addressMiningWorkerStats',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/workers/stats',
    auth: 'public',
    params: coinParamsSchema,
    response: poolWorkerStatsSchema,
    summary: 'Worker counts of an address-mining pool',
  }),
  /** Not shown: the IP statistics page (aleo) lists an address's workers by remote IP. */
  addressMinerIps: defineEndpoint({
    id: 'addressMinerIps',
    family: 'A',
    method: 'GET',
    path: '/address-mining/{coin}/miner/{addr}/ips',
    auth: 'public',
    params: addressParamsSchema,
    query: paginationQuerySchema,
    response: addressIpListSchema,
    summary: 'Workers of a mining address grouped by IP',
  }),

  // -------------------------------------------------------------------------------------------
  // Family A: identity
  // -------------------------------------------------------------------------------------------

  /**
   * Not shown: a proof-of-work captcha challenge (self-hosted, no outside service); its solution
   * is the captcha result of the login and code-sending calls.
   */
  captchaChallenge: defineEndpoint({
    id: 'captchaChallenge',
    family: 'A',
    method: 'GET',
    path: '/captcha/challenge',
    auth: 'public',
    response: captchaChallengeSchema,
    summary: 'A proof-of-work captcha challenge',
  }),
  /** The RSA public key that login and pay passwords are encrypted with. */
  publicKey: defineEndpoint({
    id: 'publicKey',
    family: 'A',
    method: 'GET',
    path: '/v2/users/encrypt/pubkey',
    auth: 'public',
    response: publicKeySchema,
    summary: 'Public key for password encryption',
  }),
  /**
   * Password login by email or phone; the captcha result travels in the query. Answers tokens,
   * or a login ticket when the authenticator app is required.
   */
  login: defineEndpoint({
    id: 'login',
    family: 'A',
    method: 'POST',
    path: '/v2/users/encrypt/login',
    auth: 'public',
    query: loginQuerySchema,
    body: loginBodySchema,
    response: loginResultSchema,
    summary: 'Log in with an encrypted password and a captcha',
  }),
  /** Finishes a login with the authenticator app's code. */
  totpLogin: defineEndpoint({
    id: 'totpLogin',
    family: 'A',
    method: 'POST',
    path: '/auth/totp/login',
    auth: 'public',
    body: totpLoginBodySchema,
    response: tokenPairSchema,
    summary: 'Finish a login with an authenticator code',
  }),
  /** Not shown: creates a pending authenticator secret (QR code) to bind. */
  totpSecret: defineEndpoint({
    id: 'totpSecret',
    family: 'A',
    method: 'POST',
    path: '/auth/totp/secret',
    auth: 'user-only',
    response: totpSecretSchema,
    summary: 'Create an authenticator secret to bind',
  }),
  /** Binds the authenticator: checks its first code against the pending secret. */
  totpValidation: defineEndpoint({
    id: 'totpValidation',
    family: 'A',
    method: 'POST',
    path: '/auth/totp/validation',
    auth: 'user-only',
    body: totpValidationBodySchema,
    response: emptyResponseSchema,
    summary: 'Validate an authenticator code and turn TOTP on',
  }),
  /** Not shown: turns the authenticator off after a second validation. */
  totpDisable: defineEndpoint({
    id: 'totpDisable',
    family: 'A',
    method: 'DELETE',
    path: '/auth/totp',
    auth: 'user-only',
    body: totpDisableBodySchema,
    response: emptyResponseSchema,
    summary: 'Turn the authenticator off',
  }),
  /** Second validation for a sensitive action; answers a validation token for it. */
  secondValidation: defineEndpoint({
    id: 'secondValidation',
    family: 'A',
    method: 'POST',
    path: '/users/second-validation',
    auth: 'user-only',
    body: secondValidationBodySchema,
    response: secondValidationSchema,
    summary: 'Pass a second validation for a sensitive action',
  }),
  /** Exchanges the refresh token for a new token pair (decision: this path, answer `{token, refresh_token}`). */
  refreshToken: defineEndpoint({
    id: 'refreshToken',
    family: 'A',
    method: 'POST',
    path: '/users/refresh/login',
    auth: 'public',
    body: refreshBodySchema,
    response: tokenPairSchema,
    summary: 'Refresh the access token',
  }),
  /** Not shown: revokes the refresh token; the access token simply expires. */
  logout: defineEndpoint({
    id: 'logout',
    family: 'A',
    method: 'POST',
    path: '/users/logout',
    auth: 'optional',
    body: logoutBodySchema,
    response: emptyResponseSchema,
    summary: 'Log out and revoke the refresh token',
  }),
  /** Not shown: registration by email, answering tokens (the user is logged in). */
  registerEmail: defineEndpoint({
    id: 'registerEmail',
    family: 'A',
    method: 'POST',
    path: '/users/register/email',
    auth: 'public',
    body: registerEmailBodySchema,
    response: tokenPairSchema,
    summary: 'Register by email',
  }),
  /** Not shown: registration by phone, answering tokens. */
  registerPhone: defineEndpoint({
    id: 'registerPhone',
    family: 'A',
    method: 'POST',
    path: '/users/register/phone',
    auth: 'public',
    body: registerPhoneBodySchema,
    response: tokenPairSchema,
    summary: 'Register by phone',
  }),
  /** Not shown: password reset with an email code. */
  resetPasswordEmail: defineEndpoint({
    id: 'resetPasswordEmail',
    family: 'A',
    method: 'POST',
    path: '/users/password/reset/email',
    auth: 'public',
    body: resetPasswordEmailBodySchema,
    response: emptyResponseSchema,
    summary: 'Reset the password with an email code',
  }),
  /** Not shown: password reset with an SMS code. */
  resetPasswordPhone: defineEndpoint({
    id: 'resetPasswordPhone',
    family: 'A',
    method: 'POST',
    path: '/users/password/reset/phone',
    auth: 'public',
    body: resetPasswordPhoneBodySchema,
    response: emptyResponseSchema,
    summary: 'Reset the password with an SMS code',
  }),
  /** Not shown: changes the password of the signed-in user. */
  changePassword: defineEndpoint({
    id: 'changePassword',
    family: 'A',
    method: 'PUT',
    path: '/users/password',
    auth: 'user-only',
    body: changePasswordBodySchema,
    response: emptyResponseSchema,
    summary: 'Change the password',
  }),
  /** Not shown: binds a new email after the old one was verified (pauses withdrawals 24 h). */
  changeEmail: defineEndpoint({
    id: 'changeEmail',
    family: 'A',
    method: 'PUT',
    path: '/users/email',
    auth: 'user-only',
    body: changeEmailBodySchema,
    response: emptyResponseSchema,
    summary: 'Change the bound email',
  }),
  /** Not shown: binds a new phone (pauses withdrawals 24 h). */
  changePhone: defineEndpoint({
    id: 'changePhone',
    family: 'A',
    method: 'PUT',
    path: '/users/phone',
    auth: 'user-only',
    body: changePhoneBodySchema,
    response: emptyResponseSchema,
    summary: 'Change the bound phone',
  }),
  /** Sends an SMS code to the signed-in user's bound phone, for a sensitive action. */
  sendSmsCode: defineEndpoint({
    id: 'sendSmsCode',
    family: 'A',
    method: 'POST',
    path: '/auth/validation/sms',
    auth: 'user-only',
    body: sendBoundCodeBodySchema,
    response: codeSentSchema,
    summary: 'Send a code to the bound phone',
  }),
  /** Sends an email code to the signed-in user's verified email, for a sensitive action. */
  sendVerifiedEmailCode: defineEndpoint({
    id: 'sendVerifiedEmailCode',
    family: 'A',
    method: 'POST',
    path: '/auth/validation/verified-email',
    auth: 'user-only',
    body: sendBoundCodeBodySchema,
    response: codeSentSchema,
    summary: 'Send a code to the verified email',
  }),
  /**
   * Sends a code to a typed-in email or phone (registration, reset, new email or phone), with a
   * captcha result in the query. Binding scenes need a signed-in user, hence `optional`.
   */
  sendCode: defineEndpoint({
    id: 'sendCode',
    family: 'A',
    method: 'POST',
    path: '/v3/auth/validation/code',
    auth: 'optional',
    query: sendCodeQuerySchema,
    body: sendCodeBodySchema,
    response: codeSentSchema,
    summary: 'Send a verification code to an email or phone',
  }),
  /** Roles and permission strings of the caller (user or observer). */
  currentPermissions: defineEndpoint({
    id: 'currentPermissions',
    family: 'A',
    method: 'GET',
    path: '/permissions/current',
    auth: 'user',
    response: currentPermissionsSchema,
    summary: 'Roles and permissions of the caller',
  }),
  /** Chooses the current mining account (decision: this is what `PUT /users/accounts` does). */
  setCurrentAccount: defineEndpoint({
    id: 'setCurrentAccount',
    family: 'A',
    method: 'PUT',
    path: '/users/accounts',
    auth: 'user-only',
    body: setCurrentAccountBodySchema,
    response: currentAccountSchema,
    summary: 'Choose the current mining account',
  }),
  /** Updates display settings (time zone, language, currency, hide flags). */
  updateSettings: defineEndpoint({
    id: 'updateSettings',
    family: 'A',
    method: 'PUT',
    path: '/users/settings',
    auth: 'user-only',
    body: updateSettingsBodySchema,
    response: userSettingsSchema,
    summary: 'Update display settings',
  }),
  /** What an observer token may see: account, pools, expiry, roles. */
  observerInfo: defineEndpoint({
    id: 'observerInfo',
    family: 'A',
    method: 'GET',
    path: '/users/observer/info',
    auth: 'user',
    response: observerInfoSchema,
    summary: 'Scope of the current observer token',
  }),
  /** The user's mining over all accounts (decision: `/users/mine` is this overview). */
  userMining: defineEndpoint({
    id: 'userMining',
    family: 'A',
    method: 'GET',
    path: '/users/mine',
    auth: 'user-only',
    permission: 'pool.view',
    response: userMiningSchema,
    summary: 'Mining overview over all accounts',
  }),
  /** Not shown: asks for account cancellation (final after 30 days, revoked by logging in). */
  requestCancellation: defineEndpoint({
    id: 'requestCancellation',
    family: 'A',
    method: 'POST',
    path: '/users/cancellation',
    auth: 'user-only',
    body: cancellationBodySchema,
    response: cancellationSchema,
    summary: 'Ask for account cancellation',
  }),
  /** Not shown: the user's log (logins, security changes, operations). */
  userLogs: defineEndpoint({
    id: 'userLogs',
    family: 'A',
    method: 'GET',
    path: '/users/logs',
    auth: 'user-only',
    permission: 'user.view',
    query: userLogQuerySchema,
    response: userLogListSchema,
    summary: 'Log of logins and security changes',
  }),
  /** Not shown: describes a third-party authorisation request (`/login/oauth/authorize`). */
  oauthClient: defineEndpoint({
    id: 'oauthClient',
    family: 'A',
    method: 'GET',
    path: '/oauth/authorize',
    auth: 'user-only',
    query: oauthRequestQuerySchema,
    response: oauthClientSchema,
    summary: 'Describe a third-party authorisation request',
  }),
  /** Not shown: grants a third party access to the selected accounts. */
  oauthAuthorize: defineEndpoint({
    id: 'oauthAuthorize',
    family: 'A',
    method: 'POST',
    path: '/oauth/authorize',
    auth: 'user-only',
    body: oauthAuthorizeBodySchema,
    response: oauthRedirectSchema,
    summary: 'Authorise a third party for selected accounts',
  }),
  /** Not shown: WebAuthn options to sign in with a passkey (identity, so family A). */
  passkeyAuthenticationOptions: defineEndpoint({
    id: 'passkeyAuthenticationOptions',
    family: 'A',
    method: 'POST',
    path: '/passkeys/authentication/options',
    auth: 'public',
    response: passkeyAuthenticationOptionsSchema,
    summary: 'Passkey sign-in options',
  }),
  /** Not shown: verifies a passkey assertion and answers tokens. */
  passkeyAuthenticationVerify: defineEndpoint({
    id: 'passkeyAuthenticationVerify',
    family: 'A',
    method: 'POST',
    path: '/passkeys/authentication/verify',
    auth: 'public',
    body: passkeyAuthenticationBodySchema,
    response: passkeyLoginResultSchema,
    summary: 'Sign in with a passkey',
  }),

  // -------------------------------------------------------------------------------------------
  // Family A: site content and lists
  // -------------------------------------------------------------------------------------------

  /** Footer links. */
  footerLinks: defineEndpoint({
    id: 'footerLinks',
    family: 'A',
    method: 'GET',
    path: '/media/footer-link/list',
    auth: 'public',
    response: footerLinkListSchema,
    summary: 'Footer links',
  }),
  /** Latest announcements, pinned first. */
  announcements: defineEndpoint({
    id: 'announcements',
    family: 'A',
    method: 'GET',
    path: '/media/announcement/list',
    auth: 'public',
    response: announcementListSchema,
    summary: 'Announcements',
  }),
  /** Pool list (also the family-B pool list, whose path the spec does not show). */
  pools: defineEndpoint({
    id: 'pools',
    family: 'A',
    method: 'GET',
    path: '/pools',
    auth: 'public',
    response: poolListSchema,
    summary: 'Pools',
  }),
  /** The user's mining accounts (main account first); an observer sees the observed one. */
  accounts: defineEndpoint({
    id: 'accounts',
    family: 'A',
    method: 'GET',
    path: '/accounts',
    auth: 'user',
    response: subAccountListSchema,
    summary: 'Mining accounts of the user',
  }),
  /** Home-page slides. */
  sliders: defineEndpoint({
    id: 'sliders',
    family: 'A',
    method: 'GET',
    path: '/sliders',
    auth: 'public',
    response: sliderListSchema,
    summary: 'Home-page slides',
  }),
  /** Public run-time parameters of the site (captcha id, data source mode…). */
  siteParameters: defineEndpoint({
    id: 'siteParameters',
    family: 'A',
    method: 'GET',
    path: '/parameters',
    auth: 'public',
    response: siteParametersSchema,
    summary: 'Site parameters',
  }),
  /** Advertisements by slot. */
  advertisements: defineEndpoint({
    id: 'advertisements',
    family: 'A',
    method: 'GET',
    path: '/advertisements',
    auth: 'public',
    response: advertisementListSchema,
    summary: 'Advertisements',
  }),
  /** Exchange rates from CNY (`data.rates`). */
  currencyRates: defineEndpoint({
    id: 'currencyRates',
    family: 'A',
    method: 'GET',
    path: '/v2/wallets/currency/rates',
    auth: 'public',
    response: currencyRatesSchema,
    summary: 'Currency exchange rates from CNY',
  }),
  /** Not shown: the miner catalogue with profitability ranking. */
  catalogueMiners: defineEndpoint({
    id: 'catalogueMiners',
    family: 'A',
    method: 'GET',
    path: '/catalogue/miners',
    auth: 'public',
    query: catalogueQuerySchema,
    response: catalogueListSchema,
    summary: 'Miner catalogue and profitability ranking',
  }),
  /** Not shown: one machine of the catalogue. */
  catalogueMiner: defineEndpoint({
    id: 'catalogueMiner',
    family: 'A',
    method: 'GET',
    path: '/catalogue/miners/{id}',
    auth: 'public',
    params: catalogueParamsSchema,
    query: catalogueDetailQuerySchema,
    response: catalogueMinerDetailSchema,
    summary: 'One machine of the miner catalogue',
  }),

  // -------------------------------------------------------------------------------------------
  // Family B: pools and coins
  // -------------------------------------------------------------------------------------------

  /** Coin table of the home page, paged. */
  coinPages: defineEndpoint({
    id: 'coinPages',
    family: 'B',
    method: 'GET',
    path: '/pools/coin-pages',
    auth: 'optional',
    query: coinPagesQuerySchema,
    response: coinPagesSchema,
    summary: 'Coin table with pool and network figures',
  }),
  /** Not shown: the coin list (facts, price, halving). */
  coins: defineEndpoint({
    id: 'coins',
    family: 'B',
    method: 'GET',
    path: '/coins',
    auth: 'optional',
    response: coinListSchema,
    summary: 'Coins with price and halving',
  }),
  /** Not shown: the lab (experimental) pools. */
  labPools: defineEndpoint({
    id: 'labPools',
    family: 'B',
    method: 'GET',
    path: '/pools/lab',
    auth: 'optional',
    response: poolListSchema,
    summary: 'Lab pools',
  }),
  /** Not shown: the blogroll (friendly sites). */
  blogroll: defineEndpoint({
    id: 'blogroll',
    family: 'B',
    method: 'GET',
    path: '/media/blogroll/list',
    auth: 'optional',
    response: blogrollListSchema,
    summary: 'Blogroll links',
  }),
  /** Not shown: statistics of a pool (the `/pool/:type/stat` page). */
  poolStats: defineEndpoint({
    id: 'poolStats',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/stats',
    auth: 'optional',
    params: poolParamsSchema,
    response: poolStatsSchema,
    summary: 'Statistics of a pool',
  }),
  /** Blocks found by a pool, newest first. */
  poolBlocks: defineEndpoint({
    id: 'poolBlocks',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/blocks',
    auth: 'optional',
    params: poolParamsSchema,
    query: blockListQuerySchema,
    response: blockListSchema,
    summary: 'Blocks found by a pool',
  }),
  /** Hashrate series of a pool. */
  poolHashrates: defineEndpoint({
    id: 'poolHashrates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/hashrates',
    auth: 'optional',
    params: poolParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: hashrateSeriesSchema,
    summary: 'Hashrate series of a pool',
  }),

  // -------------------------------------------------------------------------------------------
  // Family B: an account on a pool
  // -------------------------------------------------------------------------------------------

  /** An account's dashboard on a pool. */
  accountStats: defineEndpoint({
    id: 'accountStats',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/stats',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    response: accountStatsSchema,
    summary: 'Dashboard of an account on a pool',
  }),
  /** Hashrate series of an account. */
  accountHashrates: defineEndpoint({
    id: 'accountHashrates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/hashrates',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: minerHashrateSeriesSchema,
    summary: 'Hashrate series of an account',
  }),
  /** Workers of an account: paged, sorted, filtered by state, group and name. */
  accountWorkers: defineEndpoint({
    id: 'accountWorkers',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/miners',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    query: workerListQuerySchema,
    response: workerListSchema,
    summary: 'Workers of an account',
  }),
  /** Removes inactive or dead workers from the list. */
  deleteWorkers: defineEndpoint({
    id: 'deleteWorkers',
    family: 'B',
    method: 'DELETE',
    path: '/pools/{pool}/accounts/{account}/miners',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    body: deleteWorkersBodySchema,
    response: workersChangedSchema,
    summary: 'Remove workers from the list',
  }),
  /**
   * Worker counts of an account by state. Registered before `…/miners/{miner}`, so a worker
   * named `stats` is shadowed by the spec's path.
   */
  workerStats: defineEndpoint({
    id: 'workerStats',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/miners/stats',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    query: workerStatsQuerySchema,
    response: workerStatsSchema,
    summary: 'Worker counts of an account by state',
  }),
  /** One worker in detail. */
  worker: defineEndpoint({
    id: 'worker',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/miners/{miner}',
    auth: 'user',
    permission: 'miner.view',
    params: minerPathParamsSchema,
    response: workerDetailSchema,
    summary: 'One worker in detail',
  }),
  /** Hashrate series of one worker. */
  workerHashrates: defineEndpoint({
    id: 'workerHashrates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/miners/{miner}/hashrates',
    auth: 'user',
    permission: 'miner.view',
    params: minerPathParamsSchema,
    query: hashrateSeriesQuerySchema,
    response: minerHashrateSeriesSchema,
    summary: 'Hashrate series of a worker',
  }),
  /** Moves workers of an account into a group, or out of any. */
  moveWorkers: defineEndpoint({
    id: 'moveWorkers',
    family: 'B',
    method: 'PUT',
    path: '/pools/{pool}/miners',
    auth: 'user',
    permission: 'miner.view',
    params: poolParamsSchema,
    body: moveWorkersBodySchema,
    response: workersChangedSchema,
    summary: 'Move workers to a group',
  }),
  /** Creates a worker group for an account. */
  createWorkerGroup: defineEndpoint({
    id: 'createWorkerGroup',
    family: 'B',
    method: 'POST',
    path: '/pools/{pool}/miners/groups',
    auth: 'user',
    permission: 'miner.view',
    params: poolParamsSchema,
    body: createGroupBodySchema,
    response: workerGroupSchema,
    summary: 'Create a worker group',
  }),
  /** Renames a worker group. */
  renameWorkerGroup: defineEndpoint({
    id: 'renameWorkerGroup',
    family: 'B',
    method: 'PUT',
    path: '/miners/groups/{id}',
    auth: 'user',
    permission: 'miner.view',
    params: groupPathParamsSchema,
    body: renameGroupBodySchema,
    response: workerGroupSchema,
    summary: 'Rename a worker group',
  }),
  /** Deletes a worker group; its workers move to another group or none. */
  deleteWorkerGroup: defineEndpoint({
    id: 'deleteWorkerGroup',
    family: 'B',
    method: 'DELETE',
    path: '/miners/groups/{id}',
    auth: 'user',
    permission: 'miner.view',
    params: groupPathParamsSchema,
    body: deleteGroupBodySchema,
    response: emptyResponseSchema,
    summary: 'Delete a worker group',
  }),
  /** Worker groups of an account. */
  workerGroups: defineEndpoint({
    id: 'workerGroups',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/groups',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    response: workerGroupListSchema,
    summary: 'Worker groups of an account',
  }),
  /** Not shown: an account's alert settings (hashrate and offline alerts). */
  alertSettings: defineEndpoint({
    id: 'alertSettings',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/alerts',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    response: alertSettingsSchema,
    summary: 'Alert settings of an account',
  }),
  /** Not shown: replaces an account's alert settings. */
  updateAlertSettings: defineEndpoint({
    id: 'updateAlertSettings',
    family: 'B',
    method: 'PUT',
    path: '/pools/{pool}/accounts/{account}/alerts',
    auth: 'user',
    permission: 'miner.view',
    params: accountPathParamsSchema,
    body: updateAlertSettingsBodySchema,
    response: alertSettingsSchema,
    summary: 'Update alert settings of an account',
  }),

  // -------------------------------------------------------------------------------------------
  // Family B: profits and settlement
  // -------------------------------------------------------------------------------------------

  /** Income totals of an account. Takes no query parameters. */
  profitStats: defineEndpoint({
    id: 'profitStats',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/stats',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    response: profitStatsSchema,
    summary: 'Income totals of an account',
  }),
  /** Daily income of an account, newest first. */
  profits: defineEndpoint({
    id: 'profits',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: pagedDateRangeQuerySchema,
    response: profitListSchema,
    summary: 'Daily income of an account',
  }),
  /** SOLO income of an account (blocks it found), newest first. */
  soloProfits: defineEndpoint({
    id: 'soloProfits',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/solo',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: pagedDateRangeQuerySchema,
    response: soloProfitListSchema,
    summary: 'SOLO income of an account',
  }),
  /** Daily hashrates the income was settled on. */
  profitHashrates: defineEndpoint({
    id: 'profitHashrates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/hashrates',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: dailySeriesQuerySchema,
    response: profitHashrateSeriesSchema,
    summary: 'Daily settled hashrates of an account',
  }),
  /** Daily income per unit of hashrate. */
  unitProfits: defineEndpoint({
    id: 'unitProfits',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/unit/hashrates',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: dailySeriesQuerySchema,
    response: unitProfitSeriesSchema,
    summary: 'Daily income per unit of hashrate',
  }),
  /** CSV export of an account's income over a required date range. */
  exportProfits: defineEndpoint({
    id: 'exportProfits',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/profits/export',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: profitExportQuerySchema,
    response: profitExportSchema,
    responseKind: 'text',
    summary: 'Export income as CSV (date range required)',
  }),
  /** Fee rates in effect per day (decision: `/rates` is the account's daily fee rates). */
  feeRates: defineEndpoint({
    id: 'feeRates',
    family: 'B',
    method: 'GET',
    path: '/pools/{pool}/accounts/{account}/rates',
    auth: 'user',
    permission: 'pool.view',
    params: accountPathParamsSchema,
    query: dailySeriesQuerySchema,
    response: feeRateListSchema,
    summary: 'Daily fee rates of an account',
  }),
  /** Settlement methods of an account, per pool. */
  payMethods: defineEndpoint({
    id: 'payMethods',
    family: 'B',
    method: 'GET',
    path: '/accounts/{account}/pay-method',
    auth: 'user',
    permission: 'account.view',
    params: accountParamsSchema,
    query: payMethodQuerySchema,
    response: payMethodListSchema,
    summary: 'Settlement methods of an account',
  }),
  /** Changes the settlement method of an account on a pool (locked 24 h after a change). */
  updatePayMethod: defineEndpoint({
    id: 'updatePayMethod',
    family: 'B',
    method: 'PUT',
    path: '/accounts/{account}/pools/{pool}/pay-method',
    auth: 'user',
    permission: 'account.view',
    params: accountPoolParamsSchema,
    body: updatePayMethodBodySchema,
    response: payMethodSchema,
    summary: 'Change the settlement method (PPS+ or SOLO)',
  }),

  // -------------------------------------------------------------------------------------------
  // Family B: user, sub-accounts, observers
  // -------------------------------------------------------------------------------------------

  /** Not shown: the signed-in user's info. */
  userInfo: defineEndpoint({
    id: 'userInfo',
    family: 'B',
    method: 'GET',
    path: '/users/info',
    auth: 'user-only',
    response: userInfoSchema,
    summary: 'The signed-in user',
  }),
  /** Not shown: creates a sub-account. */
  createSubAccount: defineEndpoint({
    id: 'createSubAccount',
    family: 'B',
    method: 'POST',
    path: '/accounts',
    auth: 'user-only',
    permission: 'account.view',
    body: createSubAccountBodySchema,
    response: subAccountSchema,
    summary: 'Create a sub-account',
  }),
  /** Not shown: changes a sub-account's permission level. */
  updateSubAccount: defineEndpoint({
    id: 'updateSubAccount',
    family: 'B',
    method: 'PUT',
    path: '/accounts/{account}',
    auth: 'user-only',
    permission: 'account.view',
    params: accountParamsSchema,
    body: updateSubAccountBodySchema,
    response: subAccountSchema,
    summary: 'Change the permission of a sub-account',
  }),
  /** Not shown: observer links of an account (they hold tokens, so never for observers). */
  observerLinks: defineEndpoint({
    id: 'observerLinks',
    family: 'B',
    method: 'GET',
    path: '/accounts/{account}/observers',
    auth: 'user-only',
    permission: 'account.view',
    params: accountParamsSchema,
    response: observerLinkListSchema,
    summary: 'Observer links of an account',
  }),
  /** Not shown: creates an observer link. */
  createObserverLink: defineEndpoint({
    id: 'createObserverLink',
    family: 'B',
    method: 'POST',
    path: '/accounts/{account}/observers',
    auth: 'user-only',
    permission: 'account.view',
    params: accountParamsSchema,
    body: createObserverBodySchema,
    response: observerLinkSchema,
    summary: 'Create an observer link',
  }),
  /** Not shown: deletes an observer link; its token stops working at once. */
  deleteObserverLink: defineEndpoint({
    id: 'deleteObserverLink',
    family: 'B',
    method: 'DELETE',
    path: '/accounts/{account}/observers/{id}',
    auth: 'user-only',
    permission: 'account.view',
    params: observerParamsSchema,
    response: emptyResponseSchema,
    summary: 'Delete an observer link',
  }),

  // -------------------------------------------------------------------------------------------
  // Family B: wallet (not shown; all user-only)
  // -------------------------------------------------------------------------------------------

  /** Not shown: balances per coin. */
  walletBalances: defineEndpoint({
    id: 'walletBalances',
    family: 'B',
    method: 'GET',
    path: '/wallets/balances',
    auth: 'user-only',
    permission: 'wallet.view',
    response: walletBalancesSchema,
    summary: 'Wallet balances',
  }),
  /** Not shown: wallet transactions. */
  walletTransactions: defineEndpoint({
    id: 'walletTransactions',
    family: 'B',
    method: 'GET',
    path: '/wallets/transactions',
    auth: 'user-only',
    permission: 'wallet.view',
    query: transactionListQuerySchema,
    response: walletTransactionListSchema,
    summary: 'Wallet transactions',
  }),
  /** Not shown: saved withdraw addresses. */
  withdrawAddresses: defineEndpoint({
    id: 'withdrawAddresses',
    family: 'B',
    method: 'GET',
    path: '/wallets/withdraw-addresses',
    auth: 'user-only',
    permission: 'wallet.view',
    query: withdrawAddressQuerySchema,
    response: withdrawAddressListSchema,
    summary: 'Saved withdraw addresses',
  }),
  /** Not shown: saves a withdraw address (with public key for KDA). */
  createWithdrawAddress: defineEndpoint({
    id: 'createWithdrawAddress',
    family: 'B',
    method: 'POST',
    path: '/wallets/withdraw-addresses',
    auth: 'user-only',
    permission: 'wallet.view',
    body: createWithdrawAddressBodySchema,
    response: withdrawAddressSchema,
    summary: 'Save a withdraw address',
  }),
  /** Not shown: renames a withdraw address. */
  updateWithdrawAddress: defineEndpoint({
    id: 'updateWithdrawAddress',
    family: 'B',
    method: 'PUT',
    path: '/wallets/withdraw-addresses/{id}',
    auth: 'user-only',
    permission: 'wallet.view',
    params: walletItemParamsSchema,
    body: updateWithdrawAddressBodySchema,
    response: withdrawAddressSchema,
    summary: 'Rename a withdraw address',
  }),
  /** Not shown: deletes a withdraw address. */
  deleteWithdrawAddress: defineEndpoint({
    id: 'deleteWithdrawAddress',
    family: 'B',
    method: 'DELETE',
    path: '/wallets/withdraw-addresses/{id}',
    auth: 'user-only',
    permission: 'wallet.view',
    params: walletItemParamsSchema,
    response: emptyResponseSchema,
    summary: 'Delete a withdraw address',
  }),
  /** Not shown: a coin's withdrawal limits (minimum, fee, audit threshold, split size). */
  withdrawRules: defineEndpoint({
    id: 'withdrawRules',
    family: 'B',
    method: 'GET',
    path: '/wallets/withdraw-rules',
    auth: 'user-only',
    permission: 'wallet.view',
    query: coinQuerySchema,
    response: withdrawRulesSchema,
    summary: 'Withdrawal limits of a coin',
  }),
  /** Not shown: withdraws to a saved address. */
  withdraw: defineEndpoint({
    id: 'withdraw',
    family: 'B',
    method: 'POST',
    path: '/wallets/withdrawals',
    auth: 'user-only',
    permission: 'wallet.view',
    body: withdrawBodySchema,
    response: withdrawalSchema,
    summary: 'Withdraw to a saved address',
  }),
  /** Not shown: the deposit address of a coin. */
  depositAddress: defineEndpoint({
    id: 'depositAddress',
    family: 'B',
    method: 'GET',
    path: '/wallets/deposit-address',
    auth: 'user-only',
    permission: 'wallet.view',
    query: coinQuerySchema,
    response: depositAddressSchema,
    summary: 'Deposit address of a coin',
  }),
  /** Not shown: auto-withdraw settings per coin. */
  autoWithdrawSettings: defineEndpoint({
    id: 'autoWithdrawSettings',
    family: 'B',
    method: 'GET',
    path: '/wallets/auto-withdraw',
    auth: 'user-only',
    permission: 'wallet.view',
    response: autoWithdrawListSchema,
    summary: 'Auto-withdraw settings',
  }),
  /** Not shown: sets one coin's auto-withdraw. */
  updateAutoWithdraw: defineEndpoint({
    id: 'updateAutoWithdraw',
    family: 'B',
    method: 'PUT',
    path: '/wallets/auto-withdraw',
    auth: 'user-only',
    permission: 'wallet.view',
    body: updateAutoWithdrawBodySchema,
    response: autoWithdrawSchema,
    summary: 'Set auto-withdraw of a coin',
  }),
  /** Not shown: internal transfer to another account. */
  transfer: defineEndpoint({
    id: 'transfer',
    family: 'B',
    method: 'POST',
    path: '/wallets/transfers',
    auth: 'user-only',
    permission: 'wallet.view',
    body: transferBodySchema,
    response: transferSchema,
    summary: 'Transfer to another account',
  }),
  /** Not shown: a firm exchange quote. */
  exchangeQuote: defineEndpoint({
    id: 'exchangeQuote',
    family: 'B',
    method: 'GET',
    path: '/wallets/exchanges/quote',
    auth: 'user-only',
    permission: 'wallet.view',
    query: exchangeQuoteQuerySchema,
    response: exchangeQuoteSchema,
    summary: 'Quote an exchange between coins',
  }),
  /** Not shown: carries out a quoted exchange. */
  exchange: defineEndpoint({
    id: 'exchange',
    family: 'B',
    method: 'POST',
    path: '/wallets/exchanges',
    auth: 'user-only',
    permission: 'wallet.view',
    body: exchangeBodySchema,
    response: exchangeSchema,
    summary: 'Exchange coins at a quote',
  }),
  /** Not shown: sets or changes the pay password. */
  setPayPassword: defineEndpoint({
    id: 'setPayPassword',
    family: 'B',
    method: 'PUT',
    path: '/wallets/pay-password',
    auth: 'user-only',
    permission: 'wallet.view',
    body: setPayPasswordBodySchema,
    response: emptyResponseSchema,
    summary: 'Set the pay password',
  }),

  // -------------------------------------------------------------------------------------------
  // Family B: cloud-mining contracts (not shown)
  // -------------------------------------------------------------------------------------------

  /** Not shown: contract products on sale. */
  contractProducts: defineEndpoint({
    id: 'contractProducts',
    family: 'B',
    method: 'GET',
    path: '/contracts/products',
    auth: 'user-only',
    permission: 'contract.view',
    query: contractProductQuerySchema,
    response: contractProductListSchema,
    summary: 'Cloud-mining products',
  }),
  /** Not shown: one contract product. */
  contractProduct: defineEndpoint({
    id: 'contractProduct',
    family: 'B',
    method: 'GET',
    path: '/contracts/products/{id}',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractProductParamsSchema,
    response: contractProductSchema,
    summary: 'One cloud-mining product',
  }),
  /** Not shown: places an order (status `unpaid`, cancelled after 2 h unpaid). */
  createContractOrder: defineEndpoint({
    id: 'createContractOrder',
    family: 'B',
    method: 'POST',
    path: '/contracts/orders',
    auth: 'user-only',
    permission: 'contract.view',
    body: createContractOrderBodySchema,
    response: contractOrderSchema,
    summary: 'Order a cloud-mining product',
  }),
  /** Not shown: the user's orders. */
  contractOrders: defineEndpoint({
    id: 'contractOrders',
    family: 'B',
    method: 'GET',
    path: '/contracts/orders',
    auth: 'user-only',
    permission: 'contract.view',
    query: contractOrderQuerySchema,
    response: contractOrderListSchema,
    summary: 'Cloud-mining orders',
  }),
  /** Not shown: one order. */
  contractOrder: defineEndpoint({
    id: 'contractOrder',
    family: 'B',
    method: 'GET',
    path: '/contracts/orders/{order_id}',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    response: contractOrderSchema,
    summary: 'One cloud-mining order',
  }),
  /** Not shown: uploads payment certificates (base64 JSON); the order goes to review. */
  uploadPaymentCertificate: defineEndpoint({
    id: 'uploadPaymentCertificate',
    family: 'B',
    method: 'POST',
    path: '/contracts/orders/{order_id}/certificates',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    body: uploadCertificateBodySchema,
    response: contractOrderSchema,
    summary: 'Upload payment certificates of an order',
  }),
  /** Not shown: cancels an unpaid or in-review order. */
  cancelContractOrder: defineEndpoint({
    id: 'cancelContractOrder',
    family: 'B',
    method: 'POST',
    path: '/contracts/orders/{order_id}/cancel',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    response: contractOrderSchema,
    summary: 'Cancel an order',
  }),
  /** Not shown: daily income of an order. */
  contractOrderProfits: defineEndpoint({
    id: 'contractOrderProfits',
    family: 'B',
    method: 'GET',
    path: '/contracts/orders/{order_id}/profits',
    auth: 'user-only',
    permission: 'contract.view',
    params: contractOrderParamsSchema,
    query: orderProfitQuerySchema,
    response: orderProfitListSchema,
    summary: 'Daily income of an order',
  }),
  /** Not shown: the contract dashboard. */
  contractDashboard: defineEndpoint({
    id: 'contractDashboard',
    family: 'B',
    method: 'GET',
    path: '/contracts/dashboard',
    auth: 'user-only',
    permission: 'contract.view',
    response: contractDashboardSchema,
    summary: 'Contracts at a glance',
  }),

  // -------------------------------------------------------------------------------------------
  // Family B: coupons, red packets, invitations (not shown)
  // -------------------------------------------------------------------------------------------

  /** Not shown: the user's coupons. */
  coupons: defineEndpoint({
    id: 'coupons',
    family: 'B',
    method: 'GET',
    path: '/coupons',
    auth: 'user-only',
    permission: 'user.view',
    query: couponListQuerySchema,
    response: couponListSchema,
    summary: 'Fee coupons of the user',
  }),
  /** Not shown: redeems a coupon code. */
  redeemCoupon: defineEndpoint({
    id: 'redeemCoupon',
    family: 'B',
    method: 'POST',
    path: '/coupons/redeem',
    auth: 'user-only',
    permission: 'user.view',
    body: redeemCouponBodySchema,
    response: couponSchema,
    summary: 'Redeem a coupon code',
  }),
  /** Not shown: starts using a coupon on an account. */
  useCoupon: defineEndpoint({
    id: 'useCoupon',
    family: 'B',
    method: 'POST',
    path: '/coupons/{coupon_id}/use',
    auth: 'user-only',
    permission: 'user.view',
    params: couponParamsSchema,
    body: useCouponBodySchema,
    response: couponSchema,
    summary: 'Start using a coupon',
  }),
  /** Not shown: daily fee savings of a coupon. */
  couponItems: defineEndpoint({
    id: 'couponItems',
    family: 'B',
    method: 'GET',
    path: '/coupons/{coupon_id}/items',
    auth: 'user-only',
    permission: 'user.view',
    params: couponParamsSchema,
    query: paginationQuerySchema,
    response: couponItemListSchema,
    summary: 'Daily fee savings of a coupon',
  }),
  /** Not shown: a red-packet campaign for its public page. */
  redPacketCampaign: defineEndpoint({
    id: 'redPacketCampaign',
    family: 'B',
    method: 'GET',
    path: '/red-packets/{packet_id}',
    auth: 'optional',
    params: redPacketParamsSchema,
    response: redPacketCampaignSchema,
    summary: 'A red-packet campaign',
  }),
  /** Not shown: receives a red packet; the email must be the one bound to the account. */
  receiveRedPacket: defineEndpoint({
    id: 'receiveRedPacket',
    family: 'B',
    method: 'POST',
    path: '/red-packets/{packet_id}/receive',
    auth: 'user-only',
    params: redPacketParamsSchema,
    body: receiveRedPacketBodySchema,
    response: redPacketSchema,
    summary: 'Receive a red packet',
  }),
  /** Not shown: red packets the user received. */
  redPackets: defineEndpoint({
    id: 'redPackets',
    family: 'B',
    method: 'GET',
    path: '/users/red-packets',
    auth: 'user-only',
    permission: 'user.view',
    query: redPacketListQuerySchema,
    response: redPacketListSchema,
    summary: 'Red packets received',
  }),
  /** Not shown: one received red packet. */
  redPacket: defineEndpoint({
    id: 'redPacket',
    family: 'B',
    method: 'GET',
    path: '/users/red-packets/{id}',
    auth: 'user-only',
    permission: 'user.view',
    params: receivedRedPacketParamsSchema,
    response: redPacketSchema,
    summary: 'One received red packet',
  }),
  /** Not shown: activates a received red packet on an account. */
  activateRedPacket: defineEndpoint({
    id: 'activateRedPacket',
    family: 'B',
    method: 'POST',
    path: '/users/red-packets/{id}/activate',
    auth: 'user-only',
    permission: 'user.view',
    params: receivedRedPacketParamsSchema,
    body: activateRedPacketBodySchema,
    response: redPacketSchema,
    summary: 'Activate a red packet',
  }),
  /** Not shown: daily income of a red packet. */
  redPacketProfits: defineEndpoint({
    id: 'redPacketProfits',
    family: 'B',
    method: 'GET',
    path: '/users/red-packets/{id}/profits',
    auth: 'user-only',
    permission: 'user.view',
    params: receivedRedPacketParamsSchema,
    query: paginationQuerySchema,
    response: redPacketProfitListSchema,
    summary: 'Daily income of a red packet',
  }),
  /** Not shown: the user's invitation code, link and totals. */
  invitation: defineEndpoint({
    id: 'invitation',
    family: 'B',
    method: 'GET',
    path: '/invitations',
    auth: 'user-only',
    permission: 'recommend.view',
    response: invitationSummarySchema,
    summary: 'Invitation code, link and totals',
  }),
  /** Not shown: users the caller invited. */
  invitees: defineEndpoint({
    id: 'invitees',
    family: 'B',
    method: 'GET',
    path: '/invitations/invitees',
    auth: 'user-only',
    permission: 'recommend.view',
    query: paginationQuerySchema,
    response: inviteeListSchema,
    summary: 'Invited users',
  }),
  /** Not shown: daily invitation rewards. */
  inviteRewards: defineEndpoint({
    id: 'inviteRewards',
    family: 'B',
    method: 'GET',
    path: '/invitations/rewards',
    auth: 'user-only',
    permission: 'recommend.view',
    query: paginationQuerySchema,
    response: inviteRewardListSchema,
    summary: 'Invitation rewards',
  }),

  // -------------------------------------------------------------------------------------------
  // Family B: messages, passkeys, tickets (not shown)
  // -------------------------------------------------------------------------------------------

  /** Not shown: the message center. */
  messages: defineEndpoint({
    id: 'messages',
    family: 'B',
    method: 'GET',
    path: '/messages',
    auth: 'user-only',
    permission: 'user.view',
    query: messageListQuerySchema,
    response: messageListSchema,
    summary: 'Messages',
  }),
  /** Not shown: unread message count (the badge). */
  unreadMessageCount: defineEndpoint({
    id: 'unreadMessageCount',
    family: 'B',
    method: 'GET',
    path: '/messages/unread-count',
    auth: 'user-only',
    permission: 'user.view',
    response: unreadCountSchema,
    summary: 'Unread message count',
  }),
  /** Not shown: marks messages read, by id or all. */
  markMessagesRead: defineEndpoint({
    id: 'markMessagesRead',
    family: 'B',
    method: 'PUT',
    path: '/messages/read',
    auth: 'user-only',
    permission: 'user.view',
    body: markReadBodySchema,
    response: markReadResultSchema,
    summary: 'Mark messages read',
  }),
  /** Not shown: the user's passkeys. */
  passkeys: defineEndpoint({
    id: 'passkeys',
    family: 'B',
    method: 'GET',
    path: '/passkeys',
    auth: 'user-only',
    response: passkeyListSchema,
    summary: 'Passkeys of the user',
  }),
  /** Not shown: WebAuthn options to add a passkey. */
  passkeyRegistrationOptions: defineEndpoint({
    id: 'passkeyRegistrationOptions',
    family: 'B',
    method: 'POST',
    path: '/passkeys/registration/options',
    auth: 'user-only',
    response: passkeyRegistrationOptionsSchema,
    summary: 'Passkey registration options',
  }),
  /** Not shown: verifies and stores a new passkey. */
  passkeyRegistrationVerify: defineEndpoint({
    id: 'passkeyRegistrationVerify',
    family: 'B',
    method: 'POST',
    path: '/passkeys/registration/verify',
    auth: 'user-only',
    body: passkeyRegistrationBodySchema,
    response: passkeySchema,
    summary: 'Add a passkey',
  }),
  /** Not shown: renames a passkey. */
  renamePasskey: defineEndpoint({
    id: 'renamePasskey',
    family: 'B',
    method: 'PUT',
    path: '/passkeys/{id}',
    auth: 'user-only',
    params: passkeyParamsSchema,
    body: renamePasskeyBodySchema,
    response: passkeySchema,
    summary: 'Rename a passkey',
  }),
  /** Not shown: deletes a passkey. */
  deletePasskey: defineEndpoint({
    id: 'deletePasskey',
    family: 'B',
    method: 'DELETE',
    path: '/passkeys/{id}',
    auth: 'user-only',
    params: passkeyParamsSchema,
    response: emptyResponseSchema,
    summary: 'Delete a passkey',
  }),
  /** Not shown: opens a support ticket. */
  createTicket: defineEndpoint({
    id: 'createTicket',
    family: 'B',
    method: 'POST',
    path: '/tickets',
    auth: 'user-only',
    body: createTicketBodySchema,
    response: supportTicketSchema,
    summary: 'Open a support ticket',
  }),
  /** Not shown: the user's tickets. */
  tickets: defineEndpoint({
    id: 'tickets',
    family: 'B',
    method: 'GET',
    path: '/tickets',
    auth: 'user-only',
    query: ticketListQuerySchema,
    response: ticketListSchema,
    summary: 'Support tickets of the user',
  }),
  /** Not shown: one ticket with its replies. */
  ticket: defineEndpoint({
    id: 'ticket',
    family: 'B',
    method: 'GET',
    path: '/tickets/{id}',
    auth: 'user-only',
    params: ticketParamsSchema,
    response: ticketDetailSchema,
    summary: 'One support ticket with replies',
  }),
  /** Not shown: adds the user's reply to a ticket. */
  replyTicket: defineEndpoint({
    id: 'replyTicket',
    family: 'B',
    method: 'POST',
    path: '/tickets/{id}/replies',
    auth: 'user-only',
    params: ticketParamsSchema,
    body: replyTicketBodySchema,
    response: ticketDetailSchema,
    summary: 'Reply to a support ticket',
  }),
} as const;

/** The type of the contract: endpoint id → endpoint. */
export type Endpoints = typeof endpoints;

/** An endpoint id, e.g. `'poolStats'`. */
export type EndpointId = keyof Endpoints;

/** Every endpoint, in declaration order (families A then B). */
export const endpointList: readonly Endpoint[] = Object.values(endpoints);

/** Path parameters of an endpoint, as a caller sends them. */
export type EndpointParams<K extends EndpointId> = z.input<Endpoints[K]['params']>;
/** Query of an endpoint, as a caller sends it. */
export type EndpointQuery<K extends EndpointId> = z.input<Endpoints[K]['query']>;
/** Body of an endpoint, as a caller sends it. */
export type EndpointBody<K extends EndpointId> = z.input<Endpoints[K]['body']>;
/** Parsed answer (`data`) of an endpoint. */
export type EndpointResponse<K extends EndpointId> = z.infer<Endpoints[K]['response']>;
