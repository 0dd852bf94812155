import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCleanText } from '@portal/domain/primitives';
import { AppError } from './errors';

/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

/**
 * The depth of the deepest array or object in JSON `text`, by one pass over its characters
 * (no recursion, so a hostile 20,000-level body costs nothing but the scan); stops past `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/** The path of the first string (value or key) in `value` that is not clean text, or undefined. */
export function findDirtyText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isCleanText(value) ? undefined : path.join('.') || '(value)';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findDirtyText(value[i], [...path, String(i)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!isCleanText(key)) return [...path, '(key)'].join('.');
      const found = findDirtyText(inner, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const refuse = (path: string, message: string) =>
  new AppError('ILLEGAL_INPUT', undefined, { errors: [{ path, message }] });

/** Checks a parsed JSON body: nesting depth (on the text) and clean strings. */
export function checkJsonText(text: string): void {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
    throw refuse('(body)', `Nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/**
 * One guard for every route, before any schema or handler: JSON bodies nest at most
 * MAX_JSON_DEPTH levels, and no string of the body, query or path holds a NUL or a lone
 * surrogate. Each refusal is the localized 400 ILLEGAL_INPUT with the offending field's path.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const dirty = findDirtyText(value);
      if (dirty !== undefined)
        throw refuse(part === 'body' ? dirty : `${part}.${dirty}`, 'Invalid characters');
    }
  });
}
