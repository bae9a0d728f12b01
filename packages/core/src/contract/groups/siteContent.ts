/**
 * Site content and lists: footer links, announcements, pools, accounts, sliders, parameters, advertisements, currency rates and the miner catalogue.
 * Family A of the API contract; `../endpoints.ts` merges every group into `endpoints`.
 */
import { subAccountListSchema } from '../accounts';
import {
  catalogueDetailQuerySchema,
  catalogueListSchema,
  catalogueMinerDetailSchema,
  catalogueParamsSchema,
  catalogueQuerySchema,
} from '../catalogue';
import { defineEndpoint } from '../endpoint';
import { poolListSchema } from '../pools';
import {
  advertisementListSchema,
  advertisementQuerySchema,
  announcementListSchema,
  currencyRatesSchema,
  footerLinkListSchema,
  siteParametersSchema,
  sliderListSchema,
} from '../site';
import {
  downloadListSchema,
  eventPageSchema,
  eventParamsSchema,
  sitePageAnswerSchema,
  sitePageParamsSchema,
} from '../siteContentAdmin';

/** The site content and lists calls. */
export const siteContentEndpoints = {
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
  /** Advertisements by slot (`position`: one slot only). */
  advertisements: defineEndpoint({
    id: 'advertisements',
    family: 'A',
    method: 'GET',
    path: '/advertisements',
    auth: 'public',
    query: advertisementQuerySchema,
    response: advertisementListSchema,
    summary: 'Advertisements',
  }),
  /** Exchange rates from CNY (`data.rates`), the CNY entry last. */
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
  /** Not shown: the download page's apps and mining software, published now. */
  downloads: defineEndpoint({
    id: 'downloads',
    family: 'A',
    method: 'GET',
    path: '/downloads',
    auth: 'public',
    response: downloadListSchema,
    summary: 'Apps and mining software of the download page',
  }),
  /** Not shown: the about or terms page as the operator published it (`page` null: none). */
  sitePage: defineEndpoint({
    id: 'sitePage',
    family: 'A',
    method: 'GET',
    path: '/pages/{slug}',
    auth: 'public',
    params: sitePageParamsSchema,
    response: sitePageAnswerSchema,
    summary: 'The about or terms page',
  }),
  /** Not shown: an event page composed of blocks; 404 unless published now. */
  eventPage: defineEndpoint({
    id: 'eventPage',
    family: 'A',
    method: 'GET',
    path: '/events/{slug}',
    auth: 'public',
    params: eventParamsSchema,
    response: eventPageSchema,
    summary: 'An event page',
  }),
} as const;
