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

const ID_BYTES = 12;
/** Random bytes drawn for 256 ids at a time (a supplier's answer prices dozens of solutions). */
let idBytes = Buffer.alloc(0);
let idOffset = 0;

/** A random URL-safe id of 12 random bytes (searches, solutions). */
export function newId(): string {
  if (idOffset + ID_BYTES > idBytes.length) {
    idBytes = crypto.randomBytes(ID_BYTES * 256);
    idOffset = 0;
  }
  const id = idBytes.toString('base64url', idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return id;
}

/** Spec §9 quotation validity: 15 minutes from `now`. */
export function quoteExpiry(now: Date): Date {
  return new Date(now.getTime() + QUOTATION_VALIDITY_MS);
}
