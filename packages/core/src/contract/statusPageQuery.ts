import { z } from 'zod';
import { paginationQueryShape } from './common';

/**
 * Builds the query of a paginated list that can be narrowed to one status:
 * `{ page, page_size, status? }`, strict.
 *
 * @example
 * const couponListQuerySchema = statusPageQuerySchema(couponStatusSchema);
 */
export function statusPageQuerySchema<T extends z.ZodType>(status: T) {
  return z.object({ ...paginationQueryShape, status: status.optional() }).strict();
}
