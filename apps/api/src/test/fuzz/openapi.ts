/**
 * The parts of the OpenAPI 3.1 document (`GET /openapi.json`) the fuzz suite reads: every
 * operation with its parameters and request body, schemas resolved through `$ref`.
 */

/** A JSON Schema (2020-12 dialect, as OpenAPI 3.1 and zod's `toJSONSchema` write it). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  $defs?: Record<string, JsonSchema>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One operation of the document, ready for the case generators. */
export interface Operation {
  method: string;
  /** The document's path, `{name}` for path parameters. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, when the operation declares one. */
  jsonBody?: JsonSchema;
  bodyRequired: boolean;
  /** The operation takes `multipart/form-data` (an upload). */
  multipart: boolean;
}

/** A path the suite does not send requests to, and why. */
export interface Skip {
  pattern: RegExp;
  reason: string;
}

/**
 * Operations left out, each with its reason. Nothing else is excluded: every other operation of
 * the document gets the whole set of cases.
 */
export const SKIPPED: readonly Skip[] = [
  {
    pattern: /^\/__test\//,
    reason:
      'test-only supplier fault hooks (ENABLE_TEST_HOOKS); never registered in production, and the suite builds its app without them',
  },
  {
    pattern: /^\/docs(\/|$)/,
    reason: 'Swagger UI static files (hidden from the document; no input reaches application code)',
  },
  {
    pattern: /^\/openapi\.json$/,
    reason: 'the document itself (read once by the suite; takes no input)',
  },
];

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Resolves `$ref`s to `#/components/schemas/...` or `#/$defs/...` (one level at a time). */
export function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined, root?: JsonSchema): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 16; hops += 1) {
    const ref = current.$ref;
    const name = ref.split('/').pop() ?? '';
    const target = ref.startsWith('#/components/schemas/')
      ? doc.components?.schemas?.[name]
      : ref.startsWith('#/$defs/')
        ? root?.$defs?.[name]
        : undefined;
    if (!target) return {};
    current = target;
  }
  return current;
}

/** `schema` with every `$ref` replaced by its target (recursive schemas stop after a few levels). */
export function inline(
  doc: OpenApiDocument,
  schema: JsonSchema | undefined,
  root?: JsonSchema,
  depth = 0,
): JsonSchema {
  const resolved = resolve(doc, schema, root ?? schema);
  if (depth > 12) return {};
  const base = root ?? schema;
  const sub = (inner: JsonSchema) => inline(doc, inner, base, depth + 1);
  const out: JsonSchema = { ...resolved };
  delete out.$defs;
  if (resolved.properties) {
    out.properties = Object.fromEntries(Object.entries(resolved.properties).map(([k, v]) => [k, sub(v)]));
  }
  if (resolved.items) out.items = sub(resolved.items);
  if (resolved.prefixItems) out.prefixItems = resolved.prefixItems.map(sub);
  if (resolved.anyOf) out.anyOf = resolved.anyOf.map(sub);
  if (resolved.oneOf) out.oneOf = resolved.oneOf.map(sub);
  if (resolved.allOf) out.allOf = resolved.allOf.map(sub);
  if (typeof resolved.additionalProperties === 'object')
    out.additionalProperties = sub(resolved.additionalProperties);
  return out;
}

/** The operations of the document, in document order, and the ones skipped with their reason. */
export function operationsOf(doc: OpenApiDocument): { operations: Operation[]; skipped: string[] } {
  const operations: Operation[] = [];
  const skipped: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const skip = SKIPPED.find((s) => s.pattern.test(path));
      if (skip) {
        skipped.push(`${method.toUpperCase()} ${path}: ${skip.reason}`);
        continue;
      }
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ ...p, schema: inline(doc, p.schema) })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ ...p, schema: inline(doc, p.schema) })),
        jsonBody: json ? inline(doc, json) : undefined,
        bodyRequired: op.requestBody?.required === true,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return { operations, skipped };
}
