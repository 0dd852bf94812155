import type { JsonContract, RouteContract } from '@portal/domain/api/contract';
import type { z } from 'zod';

/**
 * The answer check of development and the tests (`call-api.ts` loads it only there): every route
 * contract of `packages/domain/src/api`, by method and path, and its answer's schema.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../../../../packages/domain/src/api/*.ts', '!**/*.test.ts', '!**/contract.ts'],
  { eager: true },
);

function isJsonContract(value: unknown): value is JsonContract {
  if (typeof value !== 'object' || value === null) return false;
  const contract = value as Partial<RouteContract>;
  return (
    typeof contract.method === 'string' &&
    typeof contract.path === 'string' &&
    typeof contract.response === 'object'
  );
}

const responses = new Map<string, z.ZodType>();
for (const exports of Object.values(modules)) {
  for (const value of Object.values(exports)) {
    if (isJsonContract(value)) responses.set(`${value.method} ${value.path}`, value.response);
  }
}

/** The issues of an answer that does not match its route's contract; undefined when it does. */
export function answerIssues(
  route: Pick<RouteContract, 'method' | 'path'>,
  data: unknown,
): z.core.$ZodIssue[] | undefined {
  const schema = responses.get(`${route.method} ${route.path}`);
  if (!schema)
    return [
      {
        code: 'custom',
        path: [],
        message: `no contract declares ${route.method} ${route.path}`,
        input: data,
      },
    ];
  const parsed = schema.safeParse(data);
  return parsed.success ? undefined : parsed.error.issues;
}
