/**
 * Request generation for the contract fuzz suite: a valid request for any endpoint of core's
 * contract, built from its zod request schemas (through their JSON Schema, the same one the
 * OpenAPI document publishes), and the malformed variants a hostile client would send.
 *
 * fast-check draws the values, with a fixed seed, so a run is repeatable; every drawn request
 * is checked against the endpoint's own schemas before it is used as the valid base.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { type Endpoint, pathParamNames } from '../contract';

/** A JSON Schema object, as `z.toJSONSchema` writes it. */
export type JsonSchema = Record<string, unknown>;

/** Query values as a URL carries them. */
export type QueryValues = Record<string, string | string[]>;

/** One request to send: a path (already encoded), query, body and headers. */
export interface FuzzRequest {
  /** What the request tries, for failure messages (`body.name: NUL`). */
  readonly label: string;
  /** The field the variant breaks (`name`, `page`), when it breaks one. */
  readonly field?: string;
  /** True when the variant changes the path, so another route (or none) may answer. */
  readonly reroutes?: boolean;
  /**
   * True when only the request part can be named: the router refuses malformed percent-encoding
   * before it knows which parameter holds it, and answers `params: …`.
   */
  readonly partNamed?: boolean;
  readonly url: string;
  readonly query: QueryValues;
  /** A JSON value, or a raw string sent with `contentType`. */
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly contentType?: string;
  /** `Authorization` header value; default: the caller's token. */
  readonly authorization?: string;
}

/** A valid request's parts, before the URL is built. */
export interface ValidInput {
  readonly params: Record<string, string>;
  readonly query: QueryValues;
  readonly body: Record<string, unknown> | undefined;
}

/** Values of known names that point at real data (the fuzzing user's account, a real pool). */
export type Fixtures = (endpoint: Endpoint, field: string) => string | undefined;

/** The wire (input) side of a zod schema as JSON Schema. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const minLength = numberOr(schema.minLength, 0);
  const maxLength = numberOr(schema.maxLength, Math.max(minLength, 16));
  // Repeat a short draw up to the minimum length and cut a long one (no `filter`, which would
  // loop on a pattern whose draws are rarely long enough); the schema check then keeps or drops
  // the draw.
  const fit = (value: string) => {
    let text = value;
    while (text.length > 0 && text.length < minLength) text += value;
    return text.slice(0, maxLength);
  };
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2026-06-30T00:00:00Z') })
      .map((date) =>
        Number.isNaN(date.getTime()) ? '2026-01-01' : date.toISOString().slice(0, 10),
      );
  }
  if (schema.format === 'email') return fc.emailAddress().map(fit);
  if (schema.format === 'uri') return fc.constant('https://example.com/pool');
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map(fit);
    } catch {
      // A pattern fast-check cannot draw from: fall through to plain text.
    }
  }
  const size = Math.max(minLength, Math.min(maxLength, 12));
  return fc.stringMatching(new RegExp(`^[a-z0-9]{${minLength},${size}}$`));
}

/**
 * An arbitrary drawing values that match a JSON Schema (the shapes `z.toJSONSchema` writes:
 * objects, arrays, strings with patterns and formats, numbers, enums, consts, unions).
 */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union) && union.length > 0) return fc.oneof(...union.map(arbitraryOf));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type })));
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const min = numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1) + 1);
      const max = numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, min + 101) - 1);
      return fc.integer({ min, max: Math.min(max, min + 100) });
    }
    case 'number': {
      const min = numberOr(schema.minimum, 0);
      const max = numberOr(schema.maximum, min + 100);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 100)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = numberOr(schema.minItems, 0);
      const maxLength = Math.max(minLength, Math.min(numberOr(schema.maxItems, 3), 3));
      return fc.array(arbitraryOf(items), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const requiredKeys = (schema.required ?? []) as string[];
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value)]),
        ),
        { requiredKeys },
      );
    }
    default:
      return fc.constant('x');
  }
}

/** Query values as strings, the only form a URL can carry. */
export function toQueryValues(value: unknown): QueryValues {
  const query: QueryValues = {};
  if (typeof value !== 'object' || value === null) return query;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    query[key] = Array.isArray(item) ? item.map(String) : String(item);
  }
  return query;
}

/** The top-level properties of an object schema (of its first object variant for a union). */
export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  if (typeof schema.properties === 'object' && schema.properties !== null) {
    return schema.properties as Record<string, JsonSchema>;
  }
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const first = union?.find((variant) => variant.type === 'object');
  return first === undefined ? {} : propertiesOf(first);
}

function withFixtures(
  endpoint: Endpoint,
  value: unknown,
  fixtures: Fixtures,
  schema: z.ZodType,
  keys: readonly string[],
  asQuery: boolean,
): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let result = value as Record<string, unknown>;
  for (const key of keys) {
    const fixture = fixtures(endpoint, key);
    if (fixture === undefined) continue;
    const candidate = { ...result, [key]: fixture };
    if (schema.safeParse(asQuery ? toQueryValues(candidate) : candidate).success) {
      result = candidate;
    }
  }
  return result;
}

/**
 * Draws one valid value for `schema` (checked with the schema itself), with fixtures put in
 * for the fields they name. Returns `undefined` when no draw of `runs` passes.
 */
function validValue(
  endpoint: Endpoint,
  schema: z.ZodType,
  fixtures: Fixtures,
  seed: number,
  asQuery: boolean,
): unknown {
  const jsonSchema = inputJsonSchema(schema);
  const keys = Object.keys(propertiesOf(jsonSchema));
  const draws = fc.sample(arbitraryOf(jsonSchema), { seed, numRuns: 200 });
  for (const draw of draws) {
    const value = withFixtures(endpoint, draw, fixtures, schema, keys, asQuery);
    if (schema.safeParse(asQuery ? toQueryValues(value) : value).success) return value;
  }
  return undefined;
}

/**
 * A valid request for `endpoint`: params, query and body drawn from its schemas with `seed`,
 * known names filled from `fixtures`. `undefined` when a part could not be drawn.
 */
export function validInputFor(
  endpoint: Endpoint,
  fixtures: Fixtures,
  seed: number,
): ValidInput | undefined {
  const params = validValue(endpoint, endpoint.params, fixtures, seed, true);
  const query = validValue(endpoint, endpoint.query, fixtures, seed + 1, true);
  const body =
    endpoint.method === 'GET' ? {} : validValue(endpoint, endpoint.body, fixtures, seed + 2, false);
  if (params === undefined || query === undefined || body === undefined) return undefined;
  return {
    params: toQueryValues(params) as Record<string, string>,
    query: toQueryValues(query),
    body: endpoint.method === 'GET' ? undefined : (body as Record<string, unknown>),
  };
}

/** `/api` + the endpoint's path with `params` put in, each as given (already encoded). */
export function urlOf(endpoint: Endpoint, params: Record<string, string>): string {
  return `/api${endpoint.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => params[name] ?? '')}`;
}

/** JSON values a hostile client puts in a body field. */
const bodyValues: readonly [string, (valid: unknown) => unknown][] = [
  ['null', () => null],
  ['number', () => 12345],
  ['boolean', () => true],
  ['empty', () => ''],
  ['10,000 characters', () => 'a'.repeat(10_000)],
  ['NUL', (valid) => `${typeof valid === 'string' ? valid : 'x'}\u0000x`],
  ['control characters', () => 'a\u0007\u001b[2J\u0008'],
  // Both halves of a pair, each alone (low before high): JSON carries them as `\udc00\ud800`.
  ['lone surrogates', (valid) => `${typeof valid === 'string' ? valid : 'x'}\udc00\ud800`],
  ['emoji', () => '😀🚀💎'],
  ['negative', () => -1],
  ['huge', () => 1e308],
  ['NaN text', () => 'NaN'],
  ['fraction', () => 0.5],
  ['array', () => ['a', 1]],
  ['object', () => ({ nested: { deeper: 'x' } })],
  ['injection', () => "' OR 1=1; DROP TABLE users; --"],
];

/** Query values a hostile client sends. */
const queryValues: readonly [string, (valid: string) => string | string[]][] = [
  ['empty', () => ''],
  ['10,000 characters', () => 'a'.repeat(10_000)],
  ['NUL', (valid) => `${valid}\u0000x`],
  ['control characters', () => 'a\u0007\u001b'],
  ['emoji', () => '😀🚀'],
  ['negative', () => '-1'],
  ['huge', () => '1e308'],
  ['NaN', () => 'NaN'],
  ['repeated', (valid) => [valid, valid]],
  ['object text', () => '[object Object]'],
  ['injection', () => "' OR 1=1 --"],
];

/** Path parameter values (raw, as they stand in the URL). */
const paramValues: readonly [string, string, boolean][] = [
  ['NUL', '%00', false],
  ['NUL inside', 'btc%00x', false],
  ['quotes', '%27%22%3B--', false],
  ['emoji', '%F0%9F%98%80', false],
  ['encoded dot segments', '..%2F..%2Fetc%2Fpasswd', false],
  ['dot segment', '..', true],
  ['300 characters', 'a'.repeat(300), false],
  ['malformed encoding', '%E0%A4%A', false],
  ['negative', '-1', false],
  ['empty', '', true],
];

/** Paging values no page list should take. */
const absurdPaging: readonly [string, string][] = [
  ['0', '0'],
  ['-1', '-1'],
  ['1e12', '1000000000000'],
  ['20 digits', '99999999999999999999'],
  ['fraction', '1.5'],
];

/**
 * The malformed variants of a valid request: each field of params, query and body missing,
 * mistyped, empty, overlong, with NUL, control characters or emoji, negative, huge or NaN;
 * each body field with lone UTF-16 surrogates (a URL cannot carry them: its percent-encoding is
 * UTF-8, where a lone surrogate has no form, so query and path fields get none);
 * path parameters with `../`, `%00` and quotes; an unknown query field; absurd paging; for
 * calls with a body: invalid JSON, the wrong content type, an array or a string for the body;
 * for signed-in calls: forged tokens.
 */
export function malformedVariants(endpoint: Endpoint, valid: ValidInput): FuzzRequest[] {
  const variants: FuzzRequest[] = [];
  const url = urlOf(endpoint, valid.params);
  const base = { url, query: valid.query, body: valid.body };

  for (const name of pathParamNames(endpoint.path)) {
    for (const [label, value, reroutes] of paramValues) {
      variants.push({
        ...base,
        label: `params.${name}: ${label}`,
        field: name,
        reroutes,
        partNamed: label === 'malformed encoding',
        url: urlOf(endpoint, { ...valid.params, [name]: value }),
      });
    }
  }

  const queryFields = Object.keys(propertiesOf(inputJsonSchema(endpoint.query)));
  for (const name of queryFields) {
    const current = valid.query[name];
    const text = typeof current === 'string' ? current : 'x';
    const { [name]: _removed, ...without } = valid.query;
    variants.push({ ...base, label: `query.${name}: missing`, field: name, query: without });
    for (const [label, make] of queryValues) {
      variants.push({
        ...base,
        label: `query.${name}: ${label}`,
        field: name,
        query: { ...valid.query, [name]: make(text) },
      });
    }
  }
  variants.push({
    ...base,
    label: 'query: unknown field',
    field: 'zz_unknown',
    query: { ...valid.query, zz_unknown: '1' },
  });
  for (const name of queryFields.filter((field) => /^(page|page_size|size|limit)$/.test(field))) {
    for (const [label, value] of absurdPaging) {
      variants.push({
        ...base,
        label: `query.${name}: absurd ${label}`,
        field: name,
        query: { ...valid.query, [name]: value },
      });
    }
  }

  if (endpoint.method !== 'GET') {
    const body = valid.body ?? {};
    for (const name of Object.keys(propertiesOf(inputJsonSchema(endpoint.body)))) {
      const { [name]: _removed, ...without } = body;
      variants.push({ ...base, label: `body.${name}: missing`, field: name, body: without });
      for (const [label, make] of bodyValues) {
        variants.push({
          ...base,
          label: `body.${name}: ${label}`,
          field: name,
          body: { ...body, [name]: make(body[name]) },
        });
      }
    }
    variants.push(
      {
        ...base,
        label: 'body: invalid JSON',
        field: 'body',
        rawBody: '{"a":',
        contentType: 'application/json',
      },
      {
        ...base,
        label: 'body: text/plain',
        field: 'body',
        rawBody: 'hello',
        contentType: 'text/plain',
      },
      { ...base, label: 'body: array', field: 'body', body: [body] },
      { ...base, label: 'body: string', field: 'body', body: 'x' },
      {
        ...base,
        label: 'body: unknown field',
        field: 'zz_unknown',
        body: { ...body, zz_unknown: 1 },
      },
    );
  }

  if (endpoint.auth !== 'public') {
    variants.push(
      { ...base, label: 'token: forged', authorization: 'Bearer forged.token.value' },
      {
        ...base,
        label: 'token: alg none',
        authorization: 'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIn0.',
      },
      { ...base, label: 'token: observer prefix', authorization: 'Bearer obs_forged' },
    );
  }
  return variants;
}
