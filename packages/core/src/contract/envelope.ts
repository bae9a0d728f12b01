import { z } from 'zod';

/**
 * Every JSON answer of the API is wrapped in this envelope (ARCHITECTURE.md):
 * success `{"code": 0, "msg": "success", "data": …}`, error `{"code": N, "msg": "…"}`.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string(), data });
}

/** The error envelope: a non-zero code and a human-readable message. */
export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  /** Optional field-level details: which input field failed and why. */
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

// The codes live in a module of their own, without zod, for clients' first load.
export { ERROR_CODES, type ErrorCode } from './errorCodes';
