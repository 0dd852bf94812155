import { statusesForCountKey } from '@portal/domain/flight-order-tabs';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

/*
 * What the order list's statements and the status tabs' counts share: the keys of their cached
 * answers, and the statuses a tab, group or status key stands for.
 */

/** The statuses of a tab, group or status key; 400 for a key that names none. */
export function statusesOf(key: string) {
  const statuses = statusesForCountKey(key);
  if (!statuses) {
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: [{ path: 'status', message: 'unknown status' }],
    });
  }
  return [...statuses];
}

/** A number per database handle: a transaction's reads (its own writes included) stay its own. */
const handleIds = new WeakMap<Db, number>();
let handlesSeen = 0;

/**
 * The cache key of a statement's answer: the database handle, the statement's shape and every
 * placeholder value (the scope's agency and user included).
 */
export function cacheKey(db: Db, kind: string, shapeKey: string, values: Record<string, unknown>): string {
  let handle = handleIds.get(db);
  if (handle === undefined) {
    handle = ++handlesSeen;
    handleIds.set(db, handle);
  }
  return `${handle};${kind};${shapeKey};${JSON.stringify(values)}`;
}
