/** What the applications module offers the other modules; nothing else of it may be imported. */
export { applications } from './applications.schema';
export type { ApplicationRow } from './applications.schema';
export { applicationsRoutes } from './applications.routes';
export type { ApplicationsDeps } from './applications.routes';
