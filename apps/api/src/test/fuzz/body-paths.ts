import type { JsonSchema } from './openapi';
import { typeOf } from './values';

/**
 * Walking a JSON body by its schema: the fields to spoil one at a time, the object positions where an
 * undeclared field can go, and setting or removing the value at a path of a copy.
 */

export type Path = (string | number)[];

function clone<T>(value: T): T {
  return structuredClone(value);
}

/** `value` with `path` set to `replacement`, or removed when `replacement` is `REMOVE`. */
export const REMOVE = Symbol('remove');
export function withAt(root: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) {
    const next = node[step];
    if (!next || typeof next !== 'object') return copy;
    node = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (replacement === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else Reflect.deleteProperty(node, last);
  } else node[last] = replacement;
  return copy;
}

export interface Field {
  path: Path;
  schema: JsonSchema;
  required: boolean;
}

/** The fields of a body schema, depth first, with the example's array positions (index 0). */
export function fieldsOf(schema: JsonSchema, path: Path = [], depth = 0): Field[] {
  if (depth > 8) return [];
  const alternative = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find(
    (s) => typeOf(s) === 'object' || typeOf(s) === 'array',
  );
  const node = alternative && !schema.properties && !schema.items ? alternative : schema;
  const out: Field[] = [];
  if (typeOf(node) === 'object') {
    const required = new Set(node.required ?? []);
    for (const [key, inner] of Object.entries(node.properties ?? {})) {
      out.push({ path: [...path, key], schema: inner, required: required.has(key) });
      out.push(...fieldsOf(inner, [...path, key], depth + 1));
    }
  } else if (typeOf(node) === 'array' && node.items) {
    out.push({ path: [...path, 0], schema: node.items, required: (node.minItems ?? 0) > 0 });
    out.push(...fieldsOf(node.items, [...path, 0], depth + 1));
  }
  return out;
}

/** Object positions of a body (where an extra, undeclared property can go). */
export function objectPaths(schema: JsonSchema, path: Path = [], depth = 0): Path[] {
  if (depth > 8) return [];
  const out: Path[] = [];
  if (typeOf(schema) === 'object') {
    out.push(path);
    for (const [key, inner] of Object.entries(schema.properties ?? {})) {
      out.push(...objectPaths(inner, [...path, key], depth + 1));
    }
  } else if (typeOf(schema) === 'array' && schema.items) {
    out.push(...objectPaths(schema.items, [...path, 0], depth + 1));
  }
  return out;
}
