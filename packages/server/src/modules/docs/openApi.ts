import { z } from 'zod';
import {
  type Endpoint,
  type ErrorStatus,
  errorEnvelopeSchema,
  errorStatusesOf,
} from '../../contract';

/** A JSON Schema object as OpenAPI 3.1 embeds it. */
export type JsonSchema = Record<string, unknown>;

/** One operation of the generated document. */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  /** `200` with the answer's schema, then one `$ref` to a shared error response per status. */
  responses: Record<string, OpenApiResponse>;
  security: Record<string, string[]>[];
  /** Who may call: `public`, `optional`, `user` or `user-only`. */
  'x-poolkit-auth': Endpoint['auth'];
  /** True when observers are refused. */
  'x-poolkit-write': boolean;
  'x-poolkit-permission'?: string;
}

/** An answer of an operation: described in place, or a `$ref` to a shared one. */
export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema: JsonSchema }>;
  $ref?: string;
}

/** One path or query parameter. */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

/** The OpenAPI 3.1 document served at `/api/docs`. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: { url: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<
      string,
      { description: string; content: Record<string, { schema: JsonSchema }> }
    >;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>;
  };
}

/** The wire (input) side of a zod schema as JSON Schema, without its `$schema` line. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function propertiesOf(schema: JsonSchema): [string, JsonSchema][] {
  const properties = schema.properties;
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties as Record<string, JsonSchema>);
}

function requiredOf(schema: JsonSchema): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
}

function hasInput(schema: JsonSchema): boolean {
  return schema.type !== 'object' || propertiesOf(schema).length > 0;
}

/** What each error status means, for the document's shared responses. */
const errorDescriptions: Record<ErrorStatus, string> = {
  400: 'A field is missing or invalid (`fields` names it), or the access token expired (40001)',
  401: 'No valid credentials',
  403: 'Not allowed: an observer on a write or user-only call, or a missing permission',
  404: 'Nothing by that name',
  409: 'It exists already',
  413: 'The request body is too large',
  414: 'A path parameter is too long',
  415: 'The request body is not JSON',
  429: 'Too many requests; `Retry-After` says when to try again',
  500: 'An unexpected server error',
  503: 'The service or its database is not available right now',
};

/** The name of a status's shared response in `components.responses`. */
function errorResponseName(status: ErrorStatus): string {
  return `Error${status}`;
}

function operationFor(endpoint: Endpoint): OpenApiOperation {
  const params = jsonSchemaOf(endpoint.params);
  const query = jsonSchemaOf(endpoint.query);
  const body = jsonSchemaOf(endpoint.body);
  const requiredQuery = requiredOf(query);
  const parameters: OpenApiParameter[] = [
    ...propertiesOf(params).map(([name, schema]) => ({
      name,
      in: 'path' as const,
      required: true,
      schema,
    })),
    ...propertiesOf(query).map(([name, schema]) => ({
      name,
      in: 'query' as const,
      required: requiredQuery.has(name),
      schema,
    })),
  ];
  const data = jsonSchemaOf(endpoint.response);
  const success: Record<string, { schema: JsonSchema }> =
    endpoint.responseKind === 'text'
      ? { [endpoint.mediaType]: { schema: data } }
      : {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'msg', 'data'],
              properties: { code: { const: 0 }, msg: { type: 'string' }, data },
            },
          },
        };
  const errors = Object.fromEntries(
    errorStatusesOf(endpoint).map((status) => [
      String(status),
      { $ref: `#/components/responses/${errorResponseName(status)}` },
    ]),
  );
  const bearer = { bearer: [] as string[] };
  const security =
    endpoint.auth === 'public' ? [] : endpoint.auth === 'optional' ? [{}, bearer] : [bearer];
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    tags: [`Family ${endpoint.family}`],
    parameters,
    ...(endpoint.method !== 'GET' && hasInput(body)
      ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
      : {}),
    responses: { '200': { description: 'Success', content: success }, ...errors },
    security,
    'x-poolkit-auth': endpoint.auth,
    'x-poolkit-write': endpoint.write,
    ...(endpoint.permission === undefined ? {} : { 'x-poolkit-permission': endpoint.permission }),
  };
}

/**
 * Builds the OpenAPI 3.1 document of the given endpoints (those registered on the app), with
 * JSON Schemas generated from the contract's zod schemas by `z.toJSONSchema`.
 */
export function buildOpenApiDocument(
  endpoints: readonly Endpoint[],
  version: string,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const path = `/api${endpoint.path}`;
    const item = paths[path] ?? {};
    item[endpoint.method.toLowerCase()] = operationFor(endpoint);
    paths[path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PoolKit API',
      version,
      description:
        'Every JSON answer is an envelope: {"code": 0, "msg": "success", "data": …} on success, ' +
        '{"code": N, "msg": "…", "fields"?: […]} on error. An expired token is HTTP 400 code 40001.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'This PoolKit server' }],
    paths,
    components: {
      schemas: { ErrorEnvelope: jsonSchemaOf(errorEnvelopeSchema) },
      responses: Object.fromEntries(
        (Object.keys(errorDescriptions) as `${ErrorStatus}`[]).map((key) => {
          const status = Number(key) as ErrorStatus;
          return [
            errorResponseName(status),
            {
              description: errorDescriptions[status],
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } },
              },
            },
          ];
        }),
      ),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The access token, or the observer token in observer mode (read-only)',
        },
      },
    },
  };
}
