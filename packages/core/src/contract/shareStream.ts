/**
 * The share stream: what a stratum server publishes to NATS JetStream so that PoolKit accounts
 * its shares. Not an HTTP endpoint: one JSON message per share (or per run of shares summed by
 * the stratum server), on the subject {@link shareSubject} of the share's coin.
 *
 * Versioning: `v` is the schema's major version and is also in the subject
 * (`poolkit.shares.v1.<coin>`). Within a version fields are only ever added, optional, and
 * consumers ignore fields they do not know; a change an older consumer could not ignore gets
 * `v: 2` on `poolkit.shares.v2.<coin>`, so both can flow while stratum servers upgrade.
 */
import { z } from 'zod';
import type { CoinId } from '../domain/coinIds';
import {
  accountNameSchema,
  coinIdSchema,
  epochMsSchema,
  miningAddressSchema,
  workerNameSchema,
} from './common';

/** The schema version this file describes; the `v` of every message. */
export const SHARE_STREAM_VERSION = 1;

/** The subject prefix of version 1; a share of coin `c` goes to `poolkit.shares.v1.c`. */
export const SHARE_SUBJECT_PREFIX = 'poolkit.shares.v1';

/**
 * The subject a share of `coin` is published to.
 *
 * @example
 * shareSubject('btc'); // 'poolkit.shares.v1.btc'
 */
export function shareSubject(coin: CoinId): string {
  return `${SHARE_SUBJECT_PREFIX}.${coin}`;
}

/**
 * A share's unique id, chosen by the stratum server: 1-128 letters, digits and `._:-` (it
 * travels in the `Nats-Msg-Id` header too, so no spaces or line breaks). Unique across every
 * stratum server of the pool, e.g. `<server id>:<connection id>:<sequence>`; publishing the
 * same id twice accounts the share once.
 */
export const shareIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'Share id must be 1-128 letters, digits or ._:-');
/** A share id, e.g. `'eu1:7f3a:000129'`. */
export type ShareId = z.infer<typeof shareIdSchema>;

/** A pool-side miner that is neither an account nor an address (the demo's background farm). */
export const farmNameSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,32}$/, 'Farm name must be 1-32 digits, lower-case letters or -');

const shareMessageObject = z.object({
  /** Schema version, {@link SHARE_STREAM_VERSION}. */
  v: z.literal(SHARE_STREAM_VERSION),
  /** Unique id of the share; see {@link shareIdSchema}. */
  share_id: shareIdSchema,
  /** The mining account paid for the share (account pools; the stratum user name). */
  account: accountNameSchema.optional(),
  /** The payout address paid for the share (address-mining pools: alph, kas, sumo, zeph, aleo). */
  address: miningAddressSchema.optional(),
  /** A pool-side miner with neither account nor address (the demo simulator's farm). */
  farm: farmNameSchema.optional(),
  /** The coin mined; it must match the subject's last token. */
  coin: coinIdSchema,
  /** Worker name: 1-64 digits or lower-case letters. */
  worker: workerNameSchema,
  /** Share difficulty in network-difficulty units (the coin's share multiplier applied). */
  difficulty: z.number().positive().finite(),
  /** Whether the stratum server accepted the share (false: rejected, stale or invalid). */
  accepted: z.boolean(),
  /** When the share arrived at the stratum server, epoch milliseconds. */
  timestamp: epochMsSchema,
  /** Remote address of the worker's connection, when known. */
  ip: z.union([z.ipv4(), z.ipv6()]).optional(),
  /** How many shares this message sums (`difficulty` is then their total). Default 1. */
  count: z.number().int().min(1).max(1_000_000_000).optional(),
});

/**
 * One message of the share stream (version 1). Exactly one of `account`, `address` or `farm`
 * names who is paid. Unknown fields are dropped, not refused (see the versioning rule above).
 *
 * @example
 * const message: ShareMessageInput = {
 *   v: 1,
 *   share_id: 'eu1:7f3a:000129',
 *   account: 'alice01',
 *   coin: 'btc',
 *   worker: 'rig01',
 *   difficulty: 65536,
 *   accepted: true,
 *   timestamp: Date.now(),
 * };
 * shareMessageSchema.parse(message);
 */
export const shareMessageSchema = shareMessageObject.superRefine((message, context) => {
  const named = [message.account, message.address, message.farm].filter(
    (value) => value !== undefined,
  );
  if (named.length !== 1) {
    context.addIssue({
      code: 'custom',
      path: ['account'],
      message: 'Give exactly one of account, address or farm',
    });
  }
});
/** A parsed share message. */
export type ShareMessage = z.infer<typeof shareMessageSchema>;
/** A share message as a publisher writes it. */
export type ShareMessageInput = z.input<typeof shareMessageSchema>;
