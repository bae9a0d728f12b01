/**
 * Cloud-mining (hashrate) contracts: products, orders, payment certificates, cancellation,
 * order profits and the contract dashboard: the schemas and types; the endpoints that use
 * them are in `groups/cloudContracts.ts`.
 */
import { z } from 'zod';
import {
  coinIdSchema,
  currencyCodeSchema,
  entityIdSchema,
  hashrateSchema,
  isoDateSchema,
  isoDateTimeSchema,
  miningAddressSchema,
  moneySchema,
  paginatedSchema,
  paginationQueryShape,
  urlSchema,
} from './common';

/** A product's sale state. */
export const contractProductStatusSchema = z.enum(['on_sale', 'sold_out', 'off_shelf']);
/** A product sale state. */
export type ContractProductStatus = z.infer<typeof contractProductStatusSchema>;

/** A product's terms text, one per interface language. */
export const contractTermsSchema = z
  .object({
    en: z.string().max(20_000),
    'zh-CN': z.string().max(20_000),
    ru: z.string().max(20_000),
    ja: z.string().max(20_000),
    ko: z.string().max(20_000),
  })
  .strict();
/** Terms texts by language. */
export type ContractTerms = z.infer<typeof contractTermsSchema>;

/** A cloud-mining product: hashrate of a machine model for a period. */
export const contractProductSchema = z.object({
  id: entityIdSchema,
  name: z.string().min(1).max(128),
  coin: coinIdSchema,
  /** Machine model the hashrate runs on, e.g. `Antminer S21`. */
  miner: z.string().max(128),
  /** Hashrate of one unit, H/s. */
  power: hashrateSchema,
  /** Price of one unit, in `currency`. */
  price: moneySchema,
  /** Currency the price is paid in, e.g. `USDT`. */
  currency: currencyCodeSchema,
  /** Electricity fee per unit per day, in `currency`. */
  electricity_fee: moneySchema,
  /** Management fee: this share (percent) of each day's gross output. */
  management_fee_percent: moneySchema,
  /** Contract length in days. */
  duration_days: z.number().int().positive(),
  /** Days from payment to the start of mining (T+n). */
  effective_delay_days: z.number().int().nonnegative(),
  /** Units left to sell. */
  inventory: z.number().int().nonnegative(),
  /**
   * Estimated coins per unit per day after fees: the pool's latest settled PPS+ unit output
   * scaled to the unit's hashrate, less electricity and management fees (never below 0).
   */
  estimated_earnings: moneySchema,
  /** The estimate's value in USD at the price feed's latest price; `null` without a price. */
  estimated_earnings_usd: moneySchema.nullable(),
  status: contractProductStatusSchema,
  /** Terms of the product. */
  terms_url: urlSchema.nullable(),
  /** The product's terms text in each interface language. */
  terms: contractTermsSchema,
});
/** A contract product. */
export type ContractProduct = z.infer<typeof contractProductSchema>;

/** Query of `GET /contracts/products`. */
export const contractProductQuerySchema = z
  .object({ ...paginationQueryShape, coin: coinIdSchema.optional() })
  .strict();
/** Product query as a caller sends it. */
export type ContractProductQuery = z.input<typeof contractProductQuerySchema>;

/** A page of products. */
export const contractProductListSchema = paginatedSchema(contractProductSchema);
/** A page of products. */
export type ContractProductList = z.infer<typeof contractProductListSchema>;

/** Path parameters `{id}` of a product. */
export const contractProductParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type ContractProductParams = z.input<typeof contractProductParamsSchema>;

/**
 * An order's state, from the spec's status labels (section 4): `unpaid` → (certificate
 * uploaded) `review` → `pending` (paid, awaiting effect) → `effect` (mining) → `finish`;
 * `reject` when review refuses the payment; `cancelled` by the user or after 2 hours unpaid.
 */
export const contractOrderStatusSchema = z.enum([
  'unpaid',
  'review',
  'reject',
  'pending',
  'effect',
  'finish',
  'cancelled',
]);
/** An order state. */
export type ContractOrderStatus = z.infer<typeof contractOrderStatusSchema>;

/** A contract order (spec section 3, "Contract order"). */
export const contractOrderSchema = z.object({
  id: entityIdSchema,
  /** Production batch of the machines. */
  batch: z.string().max(64),
  product_id: entityIdSchema,
  product_name: z.string(),
  /** The mining account that pays (wallet) and receives the daily output. */
  account: z.string(),
  coin: coinIdSchema,
  miner: z.string().max(128),
  /** Units bought. */
  quantity: z.number().int().positive(),
  /** Total hashrate bought, H/s. */
  power: hashrateSchema,
  status: contractOrderStatusSchema,
  /** How it was paid: from the wallet, or by transfer with evidence; `null` before. */
  pay_method: z.enum(['wallet', 'transfer']).nullable(),
  /** Order time. */
  created_at: isoDateTimeSchema,
  /** Amount to pay, in `currency`. */
  pay_amount: moneySchema,
  currency: currencyCodeSchema,
  /** Where to pay. */
  pay_address: miningAddressSchema,
  /** An unpaid order is cancelled at this time (order time + 2 hours). */
  pay_deadline: isoDateTimeSchema,
  /** Uploaded payment certificates (image or PDF links). */
  payment_certificates: z.array(urlSchema),
  /** First and last mining day; `null` until known. */
  effective_date: isoDateSchema.nullable(),
  end_time: isoDateTimeSchema.nullable(),
  /** Electricity fee of the whole order per day, in the coin. */
  electricity_fee: moneySchema,
  /** Management fee: this share (percent) of each day's gross output. */
  management_fee_percent: moneySchema,
  /** Management fees charged so far, in the coin. */
  management_fee: moneySchema,
  /** Estimated net coins per day of the whole order (today's estimate). */
  estimated_earnings: moneySchema,
  /** Net coins credited so far. */
  actual_earnings: moneySchema,
  /** Why review refused the payment; `null` otherwise. */
  reject_reason: z.string().max(512).nullable(),
});
/** A contract order. */
export type ContractOrder = z.infer<typeof contractOrderSchema>;

/** Body of `POST /contracts/orders`. */
export const createContractOrderBodySchema = z
  .object({
    product_id: entityIdSchema,
    /** The caller's mining account that pays from its wallet and receives the output. */
    account: z.string().trim().min(1).max(64),
    quantity: z.number().int().min(1).max(10_000),
    /** The user ticked the product's terms. */
    terms_accepted: z.literal(true),
  })
  .strict();
/** Create-order body. */
export type CreateContractOrderBody = z.input<typeof createContractOrderBodySchema>;

/** Query of `GET /contracts/orders`. */
export const contractOrderQuerySchema = z
  .object({ ...paginationQueryShape, status: contractOrderStatusSchema.optional() })
  .strict();
/** Order query as a caller sends it. */
export type ContractOrderQuery = z.input<typeof contractOrderQuerySchema>;

/** A page of orders, newest first. */
export const contractOrderListSchema = paginatedSchema(contractOrderSchema);
/** A page of orders. */
export type ContractOrderList = z.infer<typeof contractOrderListSchema>;

/** Path parameters `{order_id}`. */
export const contractOrderParamsSchema = z.object({ order_id: entityIdSchema }).strict();
/** `{order_id}` as a caller sends it. */
export type ContractOrderParams = z.input<typeof contractOrderParamsSchema>;

/** The largest certificate file, in bytes (5 MiB). */
export const MAX_CERTIFICATE_BYTES = 5 * 1024 * 1024;

/** One uploaded file, base64 in JSON (at most 5 MiB decoded). */
export const certificateFileSchema = z
  .object({
    file_name: z.string().trim().min(1).max(128),
    content_type: z.enum(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']),
    /** File content, base64. */
    data: z
      .string()
      .min(4)
      .max(Math.ceil(MAX_CERTIFICATE_BYTES / 3) * 4)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Expected base64'),
  })
  .strict();
/** An uploaded file. */
export type CertificateFile = z.input<typeof certificateFileSchema>;

/**
 * Body of `POST /contracts/orders/{order_id}/certificates`: 1-5 documents proving payment
 * (spec section 5: "Payment-evidence upload requires documents"). The order goes to `review`.
 */
export const uploadCertificateBodySchema = z
  .object({ files: z.array(certificateFileSchema).min(1, 'Please upload documents').max(5) })
  .strict();
/** Upload-certificate body. */
export type UploadCertificateBody = z.input<typeof uploadCertificateBodySchema>;

/** One day of an order's income. */
export const orderProfitRowSchema = z.object({
  date: isoDateSchema,
  /** Hashrate delivered that day, H/s. */
  power: hashrateSchema,
  /** Gross coins mined. */
  amount: moneySchema,
  electricity_fee: moneySchema,
  management_fee: moneySchema,
  /** Credited to the wallet. */
  net_amount: moneySchema,
});
/** An order profit row. */
export type OrderProfitRow = z.infer<typeof orderProfitRowSchema>;

/** Answer of `GET /contracts/orders/{order_id}/profits`: a page of days and the totals. */
export const orderProfitListSchema = paginatedSchema(orderProfitRowSchema).extend({
  total_amount: moneySchema,
  total_net_amount: moneySchema,
});
/** Order profits. */
export type OrderProfitList = z.infer<typeof orderProfitListSchema>;

/** Query of `GET /contracts/orders/{order_id}/profits`. */
export const orderProfitQuerySchema = z.object(paginationQueryShape).strict();
/** Order-profit query as a caller sends it. */
export type OrderProfitQuery = z.input<typeof orderProfitQuerySchema>;

/** Answer of `GET /contracts/dashboard`: the user's contracts at a glance, per coin. */
export const contractDashboardSchema = z.object({
  list: z.array(
    z.object({
      coin: coinIdSchema,
      /** Orders in `effect`. */
      active_orders: z.number().int().nonnegative(),
      /** Hashrate of active orders, H/s. */
      power: hashrateSchema,
      yesterday_net_amount: moneySchema,
      total_net_amount: moneySchema,
    }),
  ),
});
/** Contract dashboard. */
export type ContractDashboard = z.infer<typeof contractDashboardSchema>;

/** Body of `POST /contracts/orders/{order_id}/pay`: pay from the order account's wallet. */
export const payContractOrderBodySchema = z
  .object({
    /** The pay password, encrypted like the login password. */
    pay_password: z.string().min(1).max(2048),
    key_id: z.string().min(1).max(128),
  })
  .strict();
/** Pay-order body. */
export type PayContractOrderBody = z.input<typeof payContractOrderBodySchema>;

/** Path parameters of one certificate file. */
export const contractCertificateParamsSchema = z
  .object({ order_id: entityIdSchema, certificate_id: entityIdSchema })
  .strict();

/** A product as operators write it (`POST` and `PUT /admin/contracts/products`). */
export const contractProductInputSchema = z
  .object({
    name: z.string().trim().min(1).max(128),
    coin: coinIdSchema,
    miner: z.string().trim().min(1).max(128),
    /** Hashrate of one unit, H/s. */
    power: z.number().finite().positive(),
    price: moneySchema,
    electricity_fee: moneySchema,
    management_fee_percent: moneySchema,
    duration_days: z.number().int().min(1).max(3650),
    effective_delay_days: z.number().int().min(0).max(30),
    inventory: z.number().int().min(0).max(1_000_000),
    pay_address: miningAddressSchema,
    terms: contractTermsSchema,
    on_sale: z.boolean(),
  })
  .strict();
/** Product input. */
export type ContractProductInput = z.input<typeof contractProductInputSchema>;

/** A product as operators see it: with its pay address and sale switch. */
export const adminContractProductSchema = contractProductSchema.extend({
  pay_address: miningAddressSchema,
  on_sale: z.boolean(),
});
/** Operator view of a product. */
export type AdminContractProduct = z.infer<typeof adminContractProductSchema>;
/** A page of products (operators). */
export const adminContractProductListSchema = paginatedSchema(adminContractProductSchema);

/** Query of `GET /admin/contracts/orders`: the review queue by default. */
export const adminContractOrderQuerySchema = z
  .object({ ...paginationQueryShape, status: contractOrderStatusSchema.default('review') })
  .strict();
/** An order as operators see it: with its owner. */
export const adminContractOrderSchema = contractOrderSchema.extend({ username: z.string() });
/** Operator view of an order. */
export type AdminContractOrder = z.infer<typeof adminContractOrderSchema>;
/** A page of orders (operators). */
export const adminContractOrderListSchema = paginatedSchema(adminContractOrderSchema);

/** Body of `POST /admin/contracts/orders/{order_id}/review`. */
export const reviewContractOrderBodySchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }).strict(),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(1).max(512) }).strict(),
]);
/** Review body. */
export type ReviewContractOrderBody = z.input<typeof reviewContractOrderBodySchema>;
