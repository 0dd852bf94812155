import { useRoutes, type RouteObject } from 'react-router';
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

/**
 * The routes under the app's `BrowserRouter` (`main.tsx`). The app uses no data-router feature
 * (loaders, actions, blockers), and the data router cost the first page 14 KB of compressed
 * JavaScript; tests render the same routes in a memory data router to read its location.
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
