/**
 * The operator console (`/admin`): calls only operators may make (permission `admin.view`),
 * and the audit log every operator action writes to.
 */
import { z } from 'zod';
import {
  accountNameSchema,
  coinIdSchema,
  entityIdSchema,
  isoDateTimeSchema,
  miningAddressSchema,
  moneySchema,
  paginatedSchema,
  paginationQueryShape,
  percentSchema,
} from './common';
import { couponStatusSchema } from './programmes';

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

/**
 * What an operator did, as `<area>.<verb>` in snake case, e.g. `coupons.issue`. A string with a
 * pattern rather than an enum, so a client keeps reading the log when a later server adds an
 * action; the site names the actions it knows and shows the others as they are.
 */
export const auditActionSchema = z
  .string()
  .min(3)
  .max(64)
  .regex(/^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/, 'Expected an action such as "coupons.issue"');
/** An audit action, e.g. `'coupons.issue'`. */
export type AuditAction = z.infer<typeof auditActionSchema>;

/** One value of an audit entry's details: flat, so every entry reads as a short list. */
export const auditDetailValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One operator action (who, what, on which target, when, and its details). */
export const auditEntrySchema = z.object({
  id: entityIdSchema,
  /** The operator's user name. */
  actor: z.string(),
  action: auditActionSchema,
  /** The kind of thing acted on, e.g. `coupon_batch`. */
  target_type: z.string(),
  /** Its id; `null` when the action has no single target. */
  target_id: z.string().nullable(),
  /** What the action set, by field (for example the issued batch's percent and count). */
  details: z.record(z.string(), auditDetailValueSchema),
  /** The client address the action came from. */
  ip: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
/** An audit entry. */
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Query of `GET /admin/audit-log`: newest first, optionally one action or one operator. */
export const auditLogQuerySchema = z
  .object({
    ...paginationQueryShape,
    action: auditActionSchema.optional(),
    /** An operator's user name. */
    actor: accountNameSchema.optional(),
  })
  .strict();
/** Audit-log query as a caller sends it. */
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

/** A page of audit entries, newest first. */
export const auditLogSchema = paginatedSchema(auditEntrySchema);
/** A page of audit entries. */
export type AuditLog = z.infer<typeof auditLogSchema>;

// ---------------------------------------------------------------------------------------------
// Coupons (issued by operators, redeemed by users: see `./programmes`)
// ---------------------------------------------------------------------------------------------

/** The most codes one batch may hold. */
export const MAX_COUPON_BATCH_SIZE = 500;

/** The longest a coupon may reduce fees once started, in days. */
export const MAX_COUPON_VALIDITY_DAYS = 365;

/**
 * A coupon's fee reduction as an operator sets it: a share of the pool fee in percent, above 0,
 * at most 100, with at most two decimals (`"20"`, `"12.5"`).
 */
export const feeReductionPercentSchema = percentSchema
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'At most two decimals')
  .refine((value) => Number(value) > 0, 'The reduction must be above 0');

/**
 * Body of `POST /admin/coupons/batches`: issues `count` coupon codes that share the fee
 * reduction, the coin (`null` or absent: any coin), the validity once started and the
 * use-before date (which must be later than now). Answer: the batch and its codes.
 */
export const issueCouponsBodySchema = z
  .object({
    fee_reduction_percent: feeReductionPercentSchema,
    coin: coinIdSchema.nullable().optional(),
    validity_days: z.number().int().min(1).max(MAX_COUPON_VALIDITY_DAYS),
    use_before: isoDateTimeSchema,
    count: z.number().int().min(1).max(MAX_COUPON_BATCH_SIZE),
    /** What the batch is for, seen by operators only. */
    note: z.string().trim().max(200).optional(),
  })
  .strict();
/** Issue-coupons body as a caller sends it. */
export type IssueCouponsBody = z.input<typeof issueCouponsBodySchema>;

/** A batch of coupon codes, as operators see it. */
export const couponBatchSchema = z.object({
  id: entityIdSchema,
  fee_reduction_percent: percentSchema,
  /** The coin whose fee its coupons reduce; `null` for any coin. */
  coin: coinIdSchema.nullable(),
  validity_days: z.number().int().positive(),
  use_before: isoDateTimeSchema,
  /** Codes issued. */
  count: z.number().int().positive(),
  /** Codes redeemed so far. */
  redeemed: z.number().int().nonnegative(),
  note: z.string().nullable(),
  /** The operator who issued it (user name). */
  created_by: z.string(),
  created_at: isoDateTimeSchema,
});
/** A coupon batch. */
export type CouponBatch = z.infer<typeof couponBatchSchema>;

/** Answer of `POST /admin/coupons/batches`: the new batch with its codes, to hand out. */
export const issuedCouponBatchSchema = couponBatchSchema.extend({ codes: z.array(z.string()) });
/** A newly issued batch and its codes. */
export type IssuedCouponBatch = z.infer<typeof issuedCouponBatchSchema>;

/** A page of coupon batches, newest first (`GET /admin/coupons/batches`). */
export const couponBatchListSchema = paginatedSchema(couponBatchSchema);
/** A page of coupon batches. */
export type CouponBatchList = z.infer<typeof couponBatchListSchema>;

/** Path parameters `{batch_id}`. */
export const couponBatchParamsSchema = z.object({ batch_id: entityIdSchema }).strict();
/** `{batch_id}` as a caller sends it. */
export type CouponBatchParams = z.input<typeof couponBatchParamsSchema>;

/**
 * A code's state as operators see it: `available` (not redeemed yet, still redeemable), the
 * redeemed coupon's state (`unused`, `in_use`, `used`, `expired`), or `expired` for a code
 * nobody redeemed before its use-before date.
 */
export const couponCodeStateSchema = z.enum(['available', ...couponStatusSchema.options]);
/** A code's state. */
export type CouponCodeState = z.infer<typeof couponCodeStateSchema>;

/** One code of a batch (`GET /admin/coupons/batches/{batch_id}/codes`). */
export const adminCouponCodeSchema = z.object({
  code: z.string(),
  status: couponCodeStateSchema,
  /** Who redeemed it (user name); `null` while available. */
  redeemed_by: z.string().nullable(),
  redeemed_at: isoDateTimeSchema.nullable(),
  /** The account it was started on; `null` before start. */
  account: accountNameSchema.nullable(),
});
/** One code of a batch. */
export type AdminCouponCode = z.infer<typeof adminCouponCodeSchema>;

/** A page of a batch's codes, in the order they were issued. */
export const couponCodeListSchema = paginatedSchema(adminCouponCodeSchema);
/** A page of a batch's codes. */
export type CouponCodeList = z.infer<typeof couponCodeListSchema>;

// ---------------------------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------------------------

/** One of the pool's own ledger balances of a coin (the other side of income, deposits, …). */
export const systemBalanceSchema = z.object({
  /** The pool account's name, e.g. `mining_payouts`. */
  name: z.string(),
  balance: moneySchema,
});
/** One pool-side balance. */
export type SystemBalance = z.infer<typeof systemBalanceSchema>;

/**
 * One coin's books: what users hold (available and frozen), what the pool's books hold for
 * them (minus the sum of the pool-side balances, since every record sums to zero), the sum of
 * every entry of the coin (zero when the book balances), and whether they all agree.
 */
export const reconciliationCoinSchema = z.object({
  coin: z.string(),
  users_available: moneySchema,
  users_frozen: moneySchema,
  /** `users_available + users_frozen`. */
  users_total: moneySchema,
  /** What the pool owes its users by its own accounts: minus the sum of `system`. */
  pool_assets: moneySchema,
  /** The sum of every entry of the coin: zero when every record balances. */
  ledger_total: moneySchema,
  /** Sum of the balances of the coin that differ from the sum of their entries. */
  mismatched_balances: z.number().int().nonnegative(),
  system: z.array(systemBalanceSchema),
  /** Users' total equals the pool's assets, the ledger sums to zero, no balance is off. */
  ok: z.boolean(),
  /**
   * The coin's node wallet, for a coin on a node (`<COIN>_RPC_URL`); absent on the demo chain.
   * What it holds is set against `users_total`, what the ledger owes users of the coin.
   */
  node: z
    .object({
      /** The node's network: `main`, `test`, `regtest` or `signet`. */
      network: z.string(),
      /** Confirmed balance of the wallet (`getbalances`: `trusted`); `null`: no answer. */
      confirmed: moneySchema.nullable(),
      /** Balance still waiting for confirmations (`untrusted_pending`); `null`: no answer. */
      unconfirmed: moneySchema.nullable(),
      /** `confirmed - users_total`: negative on a shortfall; `null`: no answer. */
      difference: moneySchema.nullable(),
      /** The confirmed balance is below what users are owed. */
      shortfall: z.boolean(),
      /** The node did not answer, so its balance is unknown (the ledger's figures still are). */
      unreachable: z.boolean(),
    })
    .optional(),
});
/** One coin's reconciliation. */
export type ReconciliationCoin = z.infer<typeof reconciliationCoinSchema>;

/** Answer of `GET /admin/reconciliation`. */
export const reconciliationSchema = z.object({
  /** When it was read (one consistent snapshot). */
  checked_at: isoDateTimeSchema,
  /** Every coin agrees, no record is unbalanced and no user balance is below zero. */
  ok: z.boolean(),
  coins: z.array(reconciliationCoinSchema),
  /** Records whose entries do not sum to zero in a coin. */
  unbalanced_records: z.array(
    z.object({ transaction_id: entityIdSchema, coin: z.string(), sum: moneySchema }),
  ),
  /** User balances below zero (ledger account ids). */
  overdrawn_balances: z.array(entityIdSchema),
  /** Balances checked and entries summed. */
  balances: z.number().int().nonnegative(),
  entries: z.number().int().nonnegative(),
  /** Some coin's node wallet holds less, confirmed, than users are owed (see `coins[].node`). */
  node_shortfall: z.boolean().optional(),
  /**
   * Deposits reversed by a reorganisation after the account had spent them: open until the
   * deposit is confirmed again or the operator settles it (`resolved_at`).
   */
  deposit_shortfalls: z
    .array(
      z.object({
        deposit_id: entityIdSchema,
        /** The mining account's name. */
        account: z.string(),
        coin: z.string(),
        amount: moneySchema,
        /** When it was flagged. */
        since: isoDateTimeSchema,
      }),
    )
    .optional(),
});
/** The ledger's reconciliation. */
export type Reconciliation = z.infer<typeof reconciliationSchema>;
// Withdrawal audits (withdrawals above a coin's manual-audit limit wait for an operator)
// ---------------------------------------------------------------------------------------------

/**
 * Where a withdrawal stands: `manual` (waiting for an operator's audit), `processing` (being
 * paid on the chain), `successful`, `partly_failed` (some parts failed on the chain and were
 * refunded), `failed` (every part failed, all refunded) or `rejected` (by an operator, refunded).
 */
export const withdrawalStateSchema = z.enum([
  'manual',
  'processing',
  'successful',
  'partly_failed',
  'failed',
  'rejected',
]);
/** A withdrawal's state. */
export type WithdrawalState = z.infer<typeof withdrawalStateSchema>;

/** A withdrawal as operators see it. */
export const adminWithdrawalSchema = z.object({
  /** The withdrawal's ledger record, as its owner sees it in the wallet. */
  id: entityIdSchema,
  /** The user who asked for it (user name). */
  user: z.string(),
  /** The mining account the coins left. */
  account: accountNameSchema,
  coin: coinIdSchema,
  /** What the address receives. */
  amount: moneySchema,
  fee: moneySchema,
  address: miningAddressSchema,
  /** Chain transactions it is split into. */
  parts: z.number().int().positive(),
  state: withdrawalStateSchema,
  created_at: isoDateTimeSchema,
  /** When the audit is due (24 hours after the request); `null` for one not audited. */
  audit_due_at: isoDateTimeSchema.nullable(),
  /** The operator who approved or rejected it (user name); `null` before. */
  reviewed_by: z.string().nullable(),
  reviewed_at: isoDateTimeSchema.nullable(),
  /** Why it was rejected, shown to the user; `null` otherwise. */
  reject_reason: z.string().nullable(),
  /**
   * The network fee the coin's node paid for its confirmed parts (the pool's cost, on top of
   * what the address receives); `null` when no node reported one (the demo chain, or nothing
   * confirmed yet).
   */
  network_fee: moneySchema.nullable().optional(),
});
/** A withdrawal as operators see it. */
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** Query of `GET /admin/withdrawals`: one state (default `manual`, the audit queue). */
export const adminWithdrawalQuerySchema = z
  .object({
    ...paginationQueryShape,
    state: withdrawalStateSchema.default('manual'),
  })
  .strict();
/** Admin-withdrawal query as a caller sends it. */
export type AdminWithdrawalQuery = z.input<typeof adminWithdrawalQuerySchema>;

/** A page of withdrawals; the audit queue (`manual`) oldest first, other states newest first. */
export const adminWithdrawalListSchema = paginatedSchema(adminWithdrawalSchema);
/** A page of withdrawals as operators see them. */
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListSchema>;

/** Path parameters `{id}`: the withdrawal's ledger record. */
export const adminWithdrawalParamsSchema = z.object({ id: entityIdSchema }).strict();
/** `{id}` as a caller sends it. */
export type AdminWithdrawalParams = z.input<typeof adminWithdrawalParamsSchema>;

/** Body of `POST /admin/withdrawals/{id}/approve`: nothing. */
export const approveWithdrawalBodySchema = z.object({}).strict();
/** Approve body. */
export type ApproveWithdrawalBody = z.input<typeof approveWithdrawalBodySchema>;

/** Body of `POST /admin/withdrawals/{id}/reject`: the reason, shown to the user. */
export const rejectWithdrawalBodySchema = z
  .object({ reason: z.string().trim().min(1, 'Please enter a reason').max(200) })
  .strict();
/** Reject body. */
export type RejectWithdrawalBody = z.input<typeof rejectWithdrawalBodySchema>;
