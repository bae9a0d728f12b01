import type { z } from 'zod';
import { ERROR_CODES } from '../contract';
import { type FieldError, HttpError } from './httpError';

/** Which part of the request an input came from. */
export type InputPart = 'params' | 'query' | 'body';

const maxFields = 20;
const maxFieldNameLength = 64;

function fieldName(part: InputPart, path: readonly PropertyKey[]): string {
  const name = path.map((segment) => String(segment)).join('.');
  if (name === '') return part;
  return name.length > maxFieldNameLength ? `${name.slice(0, maxFieldNameLength)}…` : name;
}

/** Turns zod issues into the envelope's `fields`, one entry per bad (or unknown) field. */
export function fieldErrors(part: InputPart, issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        fields.push({ field: fieldName(part, [...issue.path, key]), message: 'Unknown field' });
      }
    } else {
      fields.push({ field: fieldName(part, issue.path), message: issue.message });
    }
  }
  return fields.slice(0, maxFields);
}

/**
 * Parses one part of the request with its schema, or throws HTTP 400 code 40000 whose `msg` is
 * `<field>: <reason>` for the first bad field and whose `fields` lists them all.
 */
export async function parseInput<TSchema extends z.ZodType>(
  part: InputPart,
  schema: TSchema,
  value: unknown,
): Promise<z.output<TSchema>> {
  const result = await schema.safeParseAsync(value);
  if (result.success) return result.data;
  const fields = fieldErrors(part, result.error.issues);
  const first = fields[0] ?? { field: part, message: 'Invalid input' };
  throw new HttpError(400, ERROR_CODES.validation, `${first.field}: ${first.message}`, { fields });
}
