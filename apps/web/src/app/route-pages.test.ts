import { describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/domain/routes';
import { ROUTE_PAGES } from './route-pages';

describe('route pages', () => {
  it('has a page for every route of the domain route table', () => {
    expect(ROUTES.filter((route) => !ROUTE_PAGES[route.path]).map((r) => r.path)).toEqual([]);
  });

  it('has no page for a path outside the route table', () => {
    const paths = new Set(ROUTES.map((route) => route.path));
    expect(Object.keys(ROUTE_PAGES).filter((path) => !paths.has(path))).toEqual([]);
  });
});
