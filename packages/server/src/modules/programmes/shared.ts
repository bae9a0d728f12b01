/**
 * What the programmes' services share: the day length, and the refusal of a red packet that
 * does not exist (paging: `domain/paging.ts`; field errors: `domain/errors.ts`).
 */
import { notFound } from '../../domain/errors';

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/** 404 naming `field`: no such red packet (or not the caller's). */
export function packetNotFound(field: string): never {
  return notFound(field, 'No such red packet');
}
