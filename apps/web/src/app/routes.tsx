import type { RouteObject } from 'react-router';
import { ROUTES } from '@portal/domain/routes';
import { AppRoot } from './app-root';
import { RouteGuard } from './route-guard';

/** The router's routes, built from the domain route table; every path renders through the guard. */
export const appRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      ...ROUTES.map((route) => ({ path: route.path, element: <RouteGuard /> })),
      { path: '*', element: <RouteGuard /> },
    ],
  },
];
