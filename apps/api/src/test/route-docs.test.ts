import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';

const t = useTestApp();

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
}

describe('the OpenAPI document', () => {
  it("names, summarizes and describes every operation from its route's contract", async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    const ids: string[] = [];
    for (const [route, operations] of Object.entries(doc.paths)) {
      // The test hooks (ENABLE_TEST_HOOKS only) drive the simulated parties; they are not the portal's API.
      if (route.startsWith('/__test/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (
          !operation.operationId ||
          !operation.summary ||
          !operation.description ||
          !operation.tags?.length
        ) {
          missing.push(`${method.toUpperCase()} ${route}`);
        }
        if (operation.operationId) ids.push(operation.operationId);
      }
    }
    expect(missing).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
