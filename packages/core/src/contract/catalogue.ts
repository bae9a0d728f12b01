/**
 * The miner catalogue (`/miners`, `/miners/detail/:id`): mining machines with their specs and a
 * profitability estimate at the caller's electricity price (spec section 3, "Miner catalogue
 * item"). Figures from `data/miners.json` keep their "not verified" mark (`specs_verified`,
 * and figure by figure `unverified_specs`).
 */
import { z } from 'zod';
import {
  coinIdSchema,
  currencyCodeSchema,
  entityIdSchema,
  hashrateSchema,
  moneySchema,
  paginatedSchema,
  paginationQueryShape,
  percentSchema,
  queryBooleanSchema,
  searchQuerySchema,
  sortOrderSchema,
  urlSchema,
} from './common';

/**
 * Electricity price per kWh in the query's currency, as a decimal string from `"0"` up to
 * `"100"` (the session's `electricity_fee`).
 */
export const electricityPriceSchema = z
  .string()
  .max(16)
  .regex(/^\d{1,3}(\.\d{1,6})?$/, 'Expected a price per kWh such as "0.35"');

/** Sort keys of the catalogue. */
export const catalogueSortSchema = z.enum([
  'profit',
  'release_date',
  'hashrate',
  'power',
  'unit_power',
]);

/** Query of `GET /catalogue/miners` (the profitability ranking). */
export const catalogueQuerySchema = z
  .object({
    ...paginationQueryShape,
    /** Algorithm filter, e.g. `SHA-256`. */
    algorithm: z.string().trim().max(64).optional(),
    coin: coinIdSchema.optional(),
    /** Matches vendor or model. */
    search: searchQuerySchema.optional(),
    /** `true` lists only machines some seller offers (the Sales page). */
    for_sale: queryBooleanSchema.optional(),
    sort: catalogueSortSchema.default('profit'),
    order: sortOrderSchema.default('desc'),
    /** Electricity price per kWh; default `"0.35"`. */
    electricity_price: electricityPriceSchema.default('0.35'),
    /** Currency of prices and profits; default `CNY`. */
    currency: currencyCodeSchema.default('CNY'),
  })
  .strict();
/** Catalogue query as a caller sends it. */
export type CatalogueQuery = z.input<typeof catalogueQuerySchema>;

/** Query of `GET /catalogue/miners/{id}`: the same estimate inputs as the list. */
export const catalogueDetailQuerySchema = z
  .object({
    electricity_price: electricityPriceSchema.default('0.35'),
    currency: currencyCodeSchema.default('CNY'),
  })
  .strict();
/** Catalogue detail query as a caller sends it. */
export type CatalogueDetailQuery = z.input<typeof catalogueDetailQuerySchema>;

/** Path parameters `{id}` of a catalogue machine. */
export const catalogueParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type CatalogueParams = z.input<typeof catalogueParamsSchema>;

/** A shop selling a machine. */
export const catalogueSellerSchema = z.object({
  store: z.string().min(1).max(128),
  /** Country or region, e.g. `Hong Kong`. */
  country_region: z.string().max(64),
  /** Price in the query's currency; `null` when on request. */
  price: moneySchema.nullable(),
  /** Units in stock; `null` when unknown. */
  stock: z.number().int().nonnegative().nullable(),
  url: urlSchema.nullable(),
});
/** A seller. */
export type CatalogueSeller = z.infer<typeof catalogueSellerSchema>;

/** The specification figures of a catalogue machine that can be marked unverified. */
export const catalogueSpecSchema = z.enum([
  'release_date',
  'algorithms',
  'hashrate',
  'power',
  'unit_power',
  'noise_level',
  'size',
  'weight',
  'fans',
  'voltage',
  'temperature',
  'humidity',
]);
/** A specification figure of a catalogue machine. */
export type CatalogueSpec = z.infer<typeof catalogueSpecSchema>;

/**
 * One machine of the catalogue (spec section 3, every field of "Miner catalogue item") with its
 * estimate; money in the query's currency.
 */
export const catalogueMinerSchema = z.object({
  id: entityIdSchema,
  vendor: z.string().min(1).max(64),
  model: z.string().min(1).max(128),
  /** Release month `YYYY-MM`; `null` when unknown. */
  release_date: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  /** Algorithms the machine mines (usually one). */
  algorithms: z.array(z.string().min(1).max(64)).min(1),
  /** Coins it can mine that the pool offers. */
  coins: z.array(coinIdSchema),
  /** Hashrate, H/s. */
  hashrate: hashrateSchema,
  /** Power draw, watts. */
  power: z.number().nonnegative(),
  /** Power per unit of hashrate, in `unit_power_unit` (e.g. `17.5` J/TH). */
  unit_power: z.number().nonnegative(),
  unit_power_unit: z.string().max(16),
  /** Electricity cost per day. */
  daily_cost: moneySchema,
  /** Revenue per day before electricity. */
  daily_revenue: moneySchema,
  /** Electricity cost as a percentage of revenue; `null` without revenue. */
  cost_rate: percentSchema.nullable(),
  /** Price of the main coin it mines; `null` when unknown. */
  coin_price: moneySchema.nullable(),
  /** Electricity price per kWh at which the profit is zero. */
  break_even: moneySchema,
  /** Profit per day: revenue minus electricity (negative when losing). */
  profit: moneySchema,
  currency: currencyCodeSchema,
  /** Sound level, dB; `null` when unknown. */
  noise_level: z.number().nonnegative().nullable(),
  /** Size `L×W×H` in mm, e.g. `400x195x290`; `null` when unknown. */
  size: z.string().max(64).nullable(),
  /** Weight, kg. */
  weight: z.number().nonnegative().nullable(),
  fans: z.number().int().nonnegative().nullable(),
  /** Supply voltage, e.g. `220-277 V AC`. */
  voltage: z.string().max(128).nullable(),
  /** Operating temperature range, °C, e.g. `0-40`. */
  temperature: z.string().max(32).nullable(),
  /** Operating humidity range, %, e.g. `10-90`. */
  humidity: z.string().max(32).nullable(),
  sellers: z.array(catalogueSellerSchema),
  /** False while some specification figure is not yet checked against the manufacturer. */
  specs_verified: z.boolean(),
  /**
   * The figures not yet checked against the manufacturer's specification (from public listings
   * and resellers); a page marks them. Empty when `specs_verified`.
   */
  unverified_specs: z.array(catalogueSpecSchema),
});
/** A catalogue machine. */
export type CatalogueMiner = z.infer<typeof catalogueMinerSchema>;

/** A page of the catalogue. */
export const catalogueListSchema = paginatedSchema(catalogueMinerSchema);
/** A page of the catalogue. */
export type CatalogueList = z.infer<typeof catalogueListSchema>;

/** One machine in detail: the list fields plus the sources of its figures. */
export const catalogueMinerDetailSchema = catalogueMinerSchema.extend({
  /** Where the figures come from. */
  sources: z.array(z.string().max(512)),
});
/** A catalogue machine in detail. */
export type CatalogueMinerDetail = z.infer<typeof catalogueMinerDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Operators' edits of the sellers (`/admin/sellers`, the Sales page's shops)
// ---------------------------------------------------------------------------------------------

/** A seller's price as an operator writes it: CNY, not negative, at most 2 decimals. */
export const sellerPriceSchema = z
  .string()
  .regex(/^\d{1,15}(\.\d{1,2})?$/, 'Expected a price of 0 or more with at most 2 decimals');

/** Query of `GET /admin/sellers`: optionally the sellers of one machine only. */
export const adminSellerQuerySchema = z
  .object({
    /** A catalogue machine's id; absent or blank: every machine. */
    machine_id: z.union([entityIdSchema, z.literal('')]).optional(),
  })
  .strict();
/** The sellers query as a caller sends it. */
export type AdminSellerQuery = z.input<typeof adminSellerQuerySchema>;

/**
 * A seller as an operator writes it. `store` is trimmed and not blank; `price` `null` means
 * "on request", `stock` `null` unknown; `url` an http(s) address, or blank for none.
 */
export const sellerBodySchema = z
  .object({
    machine_id: entityIdSchema,
    store: z.string().trim().min(1, 'Enter the store name').max(128),
    country_region: z.string().trim().max(64).default(''),
    price: sellerPriceSchema.nullable(),
    stock: z.number().int().nonnegative().max(1_000_000_000).nullable(),
    url: z.union([urlSchema, z.literal('')]).default(''),
  })
  .strict();
/** A seller as a caller sends it. */
export type SellerBody = z.input<typeof sellerBodySchema>;

/** Path parameters `{id}` of a seller row. */
export const sellerParamsSchema = z
  .object({ id: z.string().regex(/^\d{1,18}$/, 'Invalid id') })
  .strict();

/** A seller row as the console lists it. */
export const adminSellerSchema = catalogueSellerSchema.extend({
  id: entityIdSchema,
  machine_id: entityIdSchema,
  /** The machine's vendor and model, e.g. `Bitmain Antminer S21`. */
  machine_name: z.string().max(256),
});
/** A seller row of the console. */
export type AdminSeller = z.infer<typeof adminSellerSchema>;

/** `GET /admin/sellers`: the rows by machine and store, and the machines one can pick. */
export const adminSellerListSchema = z.object({
  list: z.array(adminSellerSchema),
  machines: z.array(z.object({ id: entityIdSchema, name: z.string().max(256) })),
});
/** The console's sellers answer. */
export type AdminSellerList = z.infer<typeof adminSellerListSchema>;

/** The answer of a deleted seller. */
export const deletedSellerSchema = z.object({ id: entityIdSchema, deleted: z.literal(true) });
