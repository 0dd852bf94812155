/** What the platform-funding module offers: its routes' registration and its tables. */
export { platformApprovals } from './platform-funding.schema';
