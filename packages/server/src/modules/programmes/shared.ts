/**
 * What the programmes' services share: the day length, the refusal of a red packet that does
 * not exist and the terms every red packet of a campaign carries (paging: `domain/paging.ts`;
 * field errors: `domain/errors.ts`).
 */
import type { CoinId } from '../../contract';
import { notFound } from '../../domain/errors';
import { toNumber } from '../../engine/sql';

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/** 404 naming `field`: no such red packet (or not the caller's). */
export function packetNotFound(field: string): never {
  return notFound(field, 'No such red packet');
}

/** The campaign columns a red packet row carries, as read from the database. */
export interface PacketTermsRow {
  id: string;
  code: string;
  name: string;
  coin: string;
  hashrate: unknown;
  duration_days: unknown;
}

/**
 * The terms a campaign and each of its packets answer with, in the contract's order: `id`,
 * `packet_id` (the campaign's code), `name`, `coin`, `hashrate` and `duration_days`.
 */
export function packetTerms(row: PacketTermsRow) {
  return {
    id: row.id,
    packet_id: row.code,
    name: row.name,
    coin: row.coin as CoinId,
    hashrate: toNumber(row.hashrate),
    duration_days: toNumber(row.duration_days),
  };
}
