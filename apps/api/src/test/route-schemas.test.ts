import { describe, expect, it } from 'vitest';
import { useTestApp } from './app';

const t = useTestApp();

/** The API routes: everything but HEAD twins, the web's static files and the hidden docs routes. */
function apiRoutes() {
  return t.app.routeTable.filter((r) => r.method !== 'HEAD' && !r.declares.hidden && !r.url.includes('*'));
}

describe('every route declares its schema', () => {
  it('declares a response, its path params and, for writes, its body', () => {
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      const name = `${route.method} ${route.url}`;
      if (!route.declares.response) missing.push(`${name}: response`);
      if (route.url.includes(':') && !route.declares.params) missing.push(`${name}: params`);
      // A multipart upload declares `consumes: ['multipart/form-data']`; its parts are checked by content.
      const needsBody = ['POST', 'PUT', 'PATCH'].includes(route.method) && !route.declares.multipart;
      if (needsBody && !route.declares.body) missing.push(`${name}: body`);
    }
    expect(missing).toEqual([]);
  });

  it('serves the OpenAPI document made from them, with every API route in it', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const expected = apiRoutes()
      .filter((r) => r.url !== '/openapi.json')
      .map((r) => `${r.method} ${r.url}`);
    expect(documented.sort()).toEqual(expected.sort());
    const ui = await t.app.inject({ url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});
