/**
 * Cloud-mining (hashrate) contracts: products, orders, payment certificates, cancellation,
 * order profits and the contract dashboard.
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
  /** Management fee per unit per day, in `currency`. */
  management_fee: moneySchema,
  /** Contract length in days. */
  duration_days: z.number().int().positive(),
  /** Days from payment to the start of mining (T+n). */
  effective_delay_days: z.number().int().nonnegative(),
  /** Units left to sell. */
  inventory: z.number().int().nonnegative(),
  /** Estimated coins per unit per day at today's difficulty and price, after fees. */
  estimated_earnings: moneySchema,
  status: contractProductStatusSchema,
  /** Terms of the product. */
  terms_url: urlSchema.nullable(),
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
  coin: coinIdSchema,
  miner: z.string().max(128),
  /** Units bought. */
  quantity: z.number().int().positive(),
  /** Total hashrate bought, H/s. */
  power: hashrateSchema,
  status: contractOrderStatusSchema,
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
  electricity_fee: moneySchema,
  management_fee: moneySchema,
  estimated_earnings: moneySchema,
  /** Why review refused the payment; `null` otherwise. */
  reject_reason: z.string().max(512).nullable(),
});
/** A contract order. */
export type ContractOrder = z.infer<typeof contractOrderSchema>;

/** Body of `POST /contracts/orders`. */
export const createContractOrderBodySchema = z
  .object({
    product_id: entityIdSchema,
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
