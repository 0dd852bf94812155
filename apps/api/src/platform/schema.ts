import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from './errors';
import { SECURITY_SCHEMES, withRouteAccess } from './openapi-access';

/**
 * Route schemas are zod schemas given through Fastify's `schema` option: params, querystring,
 * body and response. Requests are checked by `validatorCompiler` (a failure is the localized 400
 * ILLEGAL_INPUT with field paths, like `parse`), responses are encoded by their schema (so no
 * field a schema does not name ever leaves), and the same schemas make the OpenAPI document.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new ValidationError(result.error.issues) };
  };

/** Copies of a value with only the fields its schema names (see `projectionOf`). */
type Projection = (value: unknown) => unknown;

const same: Projection = (value) => value;
const PLAIN_TYPES = new Set(['string', 'number', 'boolean', 'enum', 'literal', 'null']);

/**
 * The projection of a response schema built only of objects (plain or strict), records with plain
 * string keys, arrays, nullable/optional values and plain strings, numbers, booleans and enums:
 * each object keeps the keys its schema names, in the schema's order, like the zod encoder's
 * output. Undefined for any other schema (transforms, unions, loose objects...), which keeps the
 * zod encoder.
 */
function projectionOf(schema: z.ZodType): Projection | undefined {
  const def = schema._zod.def;
  if (PLAIN_TYPES.has(def.type)) return same;
  if (def.type === 'nullable' || def.type === 'optional') {
    const inner = projectionOf(
      (def as z.core.$ZodNullableDef | z.core.$ZodOptionalDef).innerType as z.ZodType,
    );
    if (!inner) return undefined;
    if (inner === same) return same;
    return (value) => (value === null || value === undefined ? value : inner(value));
  }
  if (def.type === 'array') {
    const element = projectionOf((def as z.core.$ZodArrayDef).element as z.ZodType);
    if (!element) return undefined;
    return (value) => (Array.isArray(value) && element !== same ? value.map(element) : value);
  }
  if (def.type === 'record') {
    const recordDef = def as z.core.$ZodRecordDef;
    if (!isStringKey(recordDef.keyType as z.ZodType)) return undefined;
    const entry = projectionOf(recordDef.valueType as z.ZodType);
    if (!entry) return undefined;
    if (entry === same) return same;
    return (value) => {
      if (typeof value !== 'object' || value === null) return value;
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(value)) out[key] = entry(field);
      return out;
    };
  }
  if (def.type === 'object') {
    const objectDef = def as z.core.$ZodObjectDef;
    if (!closedObject(objectDef)) return undefined;
    const fields: [string, Projection][] = [];
    for (const [key, field] of Object.entries(objectDef.shape)) {
      const projection = projectionOf(field as z.ZodType);
      if (!projection) return undefined;
      fields.push([key, projection]);
    }
    return (value) => {
      if (typeof value !== 'object' || value === null) return value;
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, projection] of fields) {
        const field = source[key];
        if (field !== undefined) out[key] = projection(field);
      }
      return out;
    };
  }
  return undefined;
}

/**
 * An object schema whose output has only the keys it names: a plain `z.object` (unknown keys
 * stripped) or a `z.strictObject` (unknown keys refused: a valid answer has none, so leaving them
 * out writes the same). A `z.looseObject` or another catchall keeps unknown keys: not projected.
 */
function closedObject(def: z.core.$ZodObjectDef): boolean {
  return !def.catchall || (def.catchall as z.ZodType)._zod.def.type === 'never';
}

/** A record key schema of plain strings (no pattern or enum that would drop or reorder keys). */
function isStringKey(schema: z.ZodType): boolean {
  const def = schema._zod.def as z.core.$ZodStringDef;
  return def.type === 'string' && !def.checks?.length;
}

type JsonSchema = Record<string, unknown>;

const JSON_TYPES: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean' };

/**
 * The JSON Schema that `fast-json-stringify` writes a value of `schema` with, for the schemas
 * `projectionOf` projects: the same fields in the same order, nothing required (an absent field is
 * left out, as `JSON.stringify` leaves out an undefined one), numbers as numbers (not `integer`,
 * which would round). Undefined for anything else.
 */
function serializationSchemaOf(schema: z.ZodType): JsonSchema | undefined {
  const def = schema._zod.def;
  const plain = JSON_TYPES[def.type];
  if (plain) return { type: plain };
  if (def.type === 'null') return { type: 'null' };
  if (def.type === 'enum' || def.type === 'literal') {
    const values =
      def.type === 'enum'
        ? Object.values((def as z.core.$ZodEnumDef).entries)
        : (def as z.core.$ZodLiteralDef<z.core.util.Literal>).values;
    const types = new Set(values.map((v) => (v === null ? 'null' : typeof v)));
    const [only] = types;
    return types.size === 1 && only !== undefined && (only === 'null' || JSON_TYPES[only])
      ? { type: only }
      : undefined;
  }
  if (def.type === 'optional') {
    return serializationSchemaOf((def as z.core.$ZodOptionalDef).innerType as z.ZodType);
  }
  if (def.type === 'nullable') {
    const inner = serializationSchemaOf((def as z.core.$ZodNullableDef).innerType as z.ZodType);
    if (!inner || typeof inner.type !== 'string') return undefined;
    return inner.type === 'null' ? inner : { ...inner, type: [inner.type, 'null'] };
  }
  if (def.type === 'array') {
    const items = serializationSchemaOf((def as z.core.$ZodArrayDef).element as z.ZodType);
    return items ? { type: 'array', items } : undefined;
  }
  if (def.type === 'record') {
    // Every own key in its order, as `JSON.stringify` writes them (`projectionOf` checked the keys).
    const values = serializationSchemaOf((def as z.core.$ZodRecordDef).valueType as z.ZodType);
    return values ? { type: 'object', additionalProperties: values } : undefined;
  }
  if (def.type === 'object') {
    const objectDef = def as z.core.$ZodObjectDef;
    if (!closedObject(objectDef)) return undefined;
    const properties: Record<string, JsonSchema> = {};
    for (const [key, field] of Object.entries(objectDef.shape)) {
      const property = serializationSchemaOf(field as z.ZodType);
      if (!property) return undefined;
      properties[key] = property;
    }
    return { type: 'object', properties };
  }
  return undefined;
}

/**
 * The response serializer of busy read routes (the order list, the search poll): the answer keeps
 * only the fields its zod schema names, in the schema's order, as with the zod encoder, but the
 * values are not checked again, which on a 20-row page costs more than the presenter that built
 * them (their types are checked at compile time against the same schema). It is compiled once per
 * route by `fast-json-stringify` from the zod schema (code per object shape, no copy of the answer
 * before `JSON.stringify`). A schema with transforms, unions or loose objects falls back to the zod
 * encoder.
 */
export function projectingSerializerCompiler<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  const schema: unknown = route.schema;
  const projection = schema instanceof z.ZodType ? projectionOf(schema) : undefined;
  if (!projection) return serializerCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
  const compiled = serializationSchemaOf(schema as z.ZodType);
  if (!compiled) return (data) => JSON.stringify(projection(data));
  return fastJson(compiled);
}

/** The success envelope `{code: 0, data, message}` around a response's data schema. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: z.string() });
}

/** `{200: envelope(data)}`: the usual response declaration of a JSON route. */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}

/** A file download (Excel): declared as binary for the document; not serialized by a schema. */
export const FILE_RESPONSE = {
  200: {
    description: 'A file download',
    content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
  },
} as const;

/** An image answer (the agency logo, a PNG within 400 × 160): not serialized by a schema. */
export const IMAGE_RESPONSE = {
  200: {
    description: 'The logo, a PNG within 400 x 160',
    content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } },
  },
} as const;

/** An HTML page (the simulated provider's hosted checkout page). */
export const HTML_RESPONSE = {
  200: {
    description: "The simulated provider's hosted checkout page",
    content: { 'text/html': { schema: z.string() } },
  },
} as const;

/** A redirect without body (303 to the payment's return URL). */
export const REDIRECT_RESPONSE = {
  303: z.null().describe("No body: back to the payment's return URL (Location header), or / without one"),
} as const;

/** Installs the compilers and the OpenAPI document (`/openapi.json`) with Swagger UI (`/docs`). */
export async function registerSchemas(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TripBridge B2B travel portal API',
        version: '2',
        description:
          'Every JSON answer is the envelope {code, data, message}; see docs/API.md for the error codes.',
      },
      // Each operation says whom it admits: `security` and `x-access` (see `withRouteAccess`).
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: withRouteAccess(jsonSchemaTransform),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );
}
