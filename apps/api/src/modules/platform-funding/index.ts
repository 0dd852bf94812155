/** What the platform-funding module offers the other modules; `app.ts` registers its routes. */
export { platformApprovals } from './platform-funding.schema';
