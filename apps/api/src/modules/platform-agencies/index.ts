/** What the platform-agencies module offers (the composition root registers its routes). */
export { platformAgenciesRoutes } from './platform-agencies.routes';
export type { PlatformAgenciesDeps } from './platform-agencies.routes';
