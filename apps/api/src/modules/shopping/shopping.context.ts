import crypto from 'node:crypto';
import { QUOTATION_VALIDITY_MS } from '@portal/domain/limits';
import type { Db } from '../../platform/db';
import type { SearchRunner } from './search-runner';
import type { SolutionsCache } from './solutions-cache';
import type { SupplierRegistry } from './suppliers/registry';

/** What the shopping use cases need: the database, the suppliers, a clock, the background runner and the result cache. */
export interface ShoppingDeps {
  db: Db;
  registry: SupplierRegistry;
  now: () => Date;
  runner: SearchRunner;
  cache: SolutionsCache;
}

/** A random URL-safe id (searches, solutions). */
export function newId(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/** Spec §9 quotation validity: 15 minutes from `now`. */
export function quoteExpiry(now: Date): Date {
  return new Date(now.getTime() + QUOTATION_VALIDITY_MS);
}
