import { z } from 'zod';
import { type Endpoint, errorEnvelopeSchema } from '../../contract';

/** A JSON Schema object as OpenAPI 3.1 embeds it. */
export type JsonSchema = Record<string, unknown>;

/** One operation of the generated document. */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content: Record<string, { schema: JsonSchema }> }
  >;
  security: Record<string, string[]>[];
  /** Who may call: `public`, `optional`, `user` or `user-only`. */
  'x-poolkit-auth': Endpoint['auth'];
  /** True when observers are refused. */
  'x-poolkit-write': boolean;
  'x-poolkit-permission'?: string;
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
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
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
      ? { 'text/plain': { schema: data } }
      : {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'msg', 'data'],
              properties: { code: { const: 0 }, msg: { type: 'string' }, data },
            },
          },
        };
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
    responses: {
      '200': { description: 'Success', content: success },
      default: {
        description: 'Error envelope',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    },
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
    },
    paths,
    components: {
      schemas: { ErrorEnvelope: jsonSchemaOf(errorEnvelopeSchema) },
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
