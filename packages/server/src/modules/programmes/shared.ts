/**
 * What the programmes' services share: pages of lists, and the field errors of red packets.
 */
import { ERROR_CODES } from '../../contract';
import { HttpError } from '../../http/httpError';

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/** A page of a list. */
export interface Page<T> {
  readonly list: T[];
  readonly total: number;
  readonly page: number;
  readonly page_size: number;
}

/** Page and size of a list query. */
export interface PageQuery {
  readonly page: number;
  readonly page_size: number;
}

/** An error envelope naming one field. */
export function fieldError(
  status: number,
  code: number,
  field: string,
  message: string,
): HttpError {
  return new HttpError(status, code, message, { fields: [{ field, message }] });
}

/** 404 naming `field`: no such red packet (or not the caller's). */
export function packetNotFound(field: string): HttpError {
  return fieldError(404, ERROR_CODES.notFound, field, 'No such red packet');
}
