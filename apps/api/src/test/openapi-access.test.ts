import { describe, expect, it } from 'vitest';
import { API_KEY_HEADER, isRouteAccess, ROUTE_ACCESS_MEANING } from '@portal/domain/access';
import { securityOf } from '../platform/openapi-access';
import { useTestApp } from './app';

const t = useTestApp();

interface Operation {
  security?: Record<string, string[]>[];
  'x-access'?: { name?: unknown; description?: unknown };
}

interface Document {
  security?: unknown;
  components?: {
    securitySchemes?: Record<string, { type?: string; scheme?: string; in?: string; name?: string }>;
  };
  paths: Record<string, Record<string, Operation>>;
}

/** The documented routes: everything but HEAD twins, the web's static files and hidden routes. */
function documentedRoutes() {
  return t.app.routeTable.filter(
    (r) => r.method !== 'HEAD' && !r.declares.hidden && !r.url.includes('*') && r.url !== '/openapi.json',
  );
}

describe('the OpenAPI document says who may call each route', () => {
  it('declares the session and API key schemes, and no blanket requirement', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<Document>();
    expect(doc.security).toBeUndefined();
    expect(doc.components?.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: API_KEY_HEADER }),
    });
  });

  it('gives every route its access name, and security [] when public, else a session or an API key', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<Document>();
    const schemes = Object.keys(doc.components?.securitySchemes ?? {});
    const wrong: string[] = [];
    for (const route of documentedRoutes()) {
      const name = `${route.method} ${route.url}`;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      if (!operation) {
        wrong.push(`${name}: not documented`);
        continue;
      }
      const access = operation['x-access']?.name;
      if (!isRouteAccess(access)) {
        wrong.push(`${name}: x-access ${JSON.stringify(operation['x-access'])}`);
        continue;
      }
      if (operation['x-access']?.description !== ROUTE_ACCESS_MEANING[access]) {
        wrong.push(`${name}: x-access without the meaning of ${access}`);
      }
      if ((access === 'public') !== route.public) wrong.push(`${name}: x-access ${access}`);
      if (route.public) {
        if (!Array.isArray(operation.security) || operation.security.length !== 0) {
          wrong.push(`${name}: public but security ${JSON.stringify(operation.security)}`);
        }
        continue;
      }
      const listed = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (listed.length === 0 || listed.some((scheme) => !schemes.includes(scheme))) {
        wrong.push(`${name}: security ${JSON.stringify(operation.security)}`);
      }
      if (JSON.stringify(operation.security) !== JSON.stringify(securityOf(access))) {
        wrong.push(`${name}: security ${JSON.stringify(operation.security)} for ${access}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(documentedRoutes().some((r) => r.public)).toBe(true);
    expect(documentedRoutes().some((r) => !r.public)).toBe(true);
  });
});
