/** What the platform-admin module offers the other modules; nothing else of it may be imported. */
export { recordPlatformAction, type PlatformAuditEntry } from './platform-audit';
export { platformUsers } from './platform-admin.schema';
export type { PlatformUserRow } from './platform-admin.schema';
