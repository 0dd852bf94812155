import crypto from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import {
  SUPPORTING_DOCUMENT_MAX_BYTES,
  SUPPORTING_DOCUMENT_MAX_FILES,
  SUPPORTING_DOCUMENT_TYPES,
  type SupportingDocument,
  type SupportingDocumentType,
} from '@portal/domain/after-sales';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { checkUpload, FILE_KINDS, type FileStorage, type UploadRule } from '../../../platform/files';
import type { RequestContext } from '../../../platform/request-context';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { findOrder } from '../flight-orders.repo';
import { flightOrders, type FlightOrderRow } from '../flight-orders.schema';
import { orderDocuments, type OrderDocumentRow } from './after-sales.schema';

/** Supporting documents (spec §5): jpg, png or PDF by content, at most 2 MB each. */
export const DOCUMENT_RULE: UploadRule = {
  allowed: ['jpeg', 'png', 'pdf'],
  maxBytes: SUPPORTING_DOCUMENT_MAX_BYTES,
};

/**
 * Attaches uploaded supporting documents to the change or refund order a request created, inside
 * the caller's request transaction. Every id must be a document of `orderId` and `agencyId` not yet
 * attached to any after-sales order, else 400 DOCUMENT_NOT_ATTACHABLE (with the refused ids in
 * `data.documentIds`) and, the caller's transaction failing, nothing is attached. The update's row
 * locks make two concurrent requests naming one document attach it once: the second finds it
 * attached and fails. An expired upload (`unattachedExpiry` at `now`) is refused likewise: it no
 * longer counts or lists, so it cannot be attached either.
 */
export async function attachDocuments(
  tx: Db,
  input: {
    agencyId: number;
    orderId: string;
    afterSalesOrderId: string;
    documentIds: readonly string[];
    now: Date;
    timeScale: number;
  },
): Promise<string[]> {
  const ids = [...new Set(input.documentIds.map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const attached = await tx
    .update(orderDocuments)
    .set({ afterSalesOrderId: input.afterSalesOrderId })
    .where(
      and(
        inArray(orderDocuments.id, ids),
        eq(orderDocuments.agencyId, input.agencyId),
        eq(orderDocuments.orderId, input.orderId),
        isNull(orderDocuments.afterSalesOrderId),
        gte(orderDocuments.createdAt, unattachedExpiry({ now: () => input.now, timeScale: input.timeScale })),
      ),
    )
    .returning({ id: orderDocuments.id });
  if (attached.length !== ids.length) {
    const done = new Set(attached.map((row) => row.id));
    throw new AppError('DOCUMENT_NOT_ATTACHABLE', undefined, {
      documentIds: ids.filter((id) => !done.has(id)),
    });
  }
  return ids;
}

/** What the documents use cases need. */
export interface DocumentDeps {
  db: Db;
  /** `<DATA_DIR>/documents`: files by random key, never by the user's file name. */
  storage: FileStorage;
  now: () => Date;
  /** `TIME_SCALE`: divides how long an unattached upload lives, as it divides the jobs' waits. */
  timeScale: number;
}

/** How long an upload waits for the change or refund request it was made for (before `TIME_SCALE`). */
export const UNATTACHED_DOCUMENT_TTL_MS = 24 * 60 * 60_000;

/**
 * Uploads made before this instant and never attached have expired: the request they were made
 * for was abandoned. They no longer count, are not listed or attached, and the next upload of the
 * agency deletes them with their files.
 */
export function unattachedExpiry(deps: Pick<DocumentDeps, 'now' | 'timeScale'>): Date {
  return new Date(deps.now().getTime() - UNATTACHED_DOCUMENT_TTL_MS / deps.timeScale);
}

/** Deletes up to 100 expired unattached uploads of `agencyId`, rows first and then their files. */
async function sweepExpired(deps: DocumentDeps, agencyId: number): Promise<void> {
  const expired = deps.db
    .select({ id: orderDocuments.id })
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.agencyId, agencyId),
        isNull(orderDocuments.afterSalesOrderId),
        lt(orderDocuments.createdAt, unattachedExpiry(deps)),
      ),
    )
    .limit(100);
  // The row condition is checked again as each row is deleted: one attached meanwhile stays.
  const deleted = await deps.db
    .delete(orderDocuments)
    .where(and(inArray(orderDocuments.id, expired), isNull(orderDocuments.afterSalesOrderId)))
    .returning({ storageKey: orderDocuments.storageKey });
  await Promise.all(deleted.map((row) => deps.storage.remove(row.storageKey).catch(() => undefined)));
}

/** One file of an upload request as received. */
export interface IncomingFile {
  fileName: string;
  bytes: Buffer;
}

/** Why a file of an upload was refused (the `data.reason` of DOCUMENT_REJECTED). */
export type RejectReason = 'empty' | 'too_large' | 'type_not_allowed' | 'too_many' | 'no_file';

/** 400 DOCUMENT_REJECTED: the spec's upload message, with what was wrong in `data`. */
export function documentRejected(
  reason: RejectReason,
  detail: { fileName?: string; maxFiles?: number } = {},
): AppError {
  return new AppError('DOCUMENT_REJECTED', undefined, {
    reason,
    fileName: detail.fileName ?? null,
    allowedTypes: ['jpg', 'png', 'pdf'],
    maxBytes: SUPPORTING_DOCUMENT_MAX_BYTES,
    maxFiles: detail.maxFiles ?? SUPPORTING_DOCUMENT_MAX_FILES,
  });
}

const REASON_OF_ERROR: Partial<Record<string, RejectReason>> = {
  UPLOAD_EMPTY: 'empty',
  PAYLOAD_TOO_LARGE: 'too_large',
  UPLOAD_TYPE_NOT_ALLOWED: 'type_not_allowed',
};

/**
 * A file name as display text only: the last path part, without control or format characters
 * and the characters file systems and headers dislike, at most 120 characters.
 */
export function sanitizeFileName(name: string, fallbackExt: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}"<>:|?*]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const chars = [...clean];
  const short = chars.length > 120 ? chars.slice(0, 120).join('') : clean;
  return short === '' ? `document.${fallbackExt}` : short;
}

/** Who may see an order's documents: the agency's users, or only the order's user when the agency says so. */
export async function visibleOrder(db: Db, ctx: RequestContext, orderId: string): Promise<FlightOrderRow> {
  const row = await findOrder(db, ctx.agency.id, orderId);
  if (!row || !canSeeOrder(ctx, row)) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

/** A stored row as the API lists it. */
export function presentDocument(row: OrderDocumentRow): SupportingDocument {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: asDocumentType(row.contentType),
    sizeBytes: row.sizeBytes,
    afterSalesOrderId: row.afterSalesOrderId,
    uploadedAt: row.createdAt.toISOString(),
  };
}

function asDocumentType(contentType: string): SupportingDocumentType {
  const known = SUPPORTING_DOCUMENT_TYPES.find((t) => t === contentType);
  if (!known) throw new Error(`stored document of unexpected type ${contentType}`);
  return known;
}

/** How many live uploads of `userId` on the order wait unattached (the 5-file limit counts these). */
async function countUnattached(db: Db, orderId: string, userId: number, expiry: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.orderId, orderId),
        eq(orderDocuments.uploadedBy, userId),
        isNull(orderDocuments.afterSalesOrderId),
        gte(orderDocuments.createdAt, expiry),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Stores the supporting documents of one upload request for a change or refund of the order.
 * Every file is checked by content first (jpg, png or PDF, 1 byte to 2 MB); the user may hold at
 * most 5 unattached uploads per order; expired ones do not count, and are deleted first. Any
 * refusal stores nothing of the request: the files are written only once all passed, the rows in
 * one short transaction that re-counts under the order's row lock, and the written files are
 * removed when that transaction fails.
 */
export async function uploadDocuments(
  deps: DocumentDeps,
  ctx: RequestContext,
  orderId: string,
  files: readonly IncomingFile[],
): Promise<SupportingDocument[]> {
  const order = await visibleOrder(deps.db, ctx, orderId);
  if (files.length === 0) throw documentRejected('no_file');
  const checked = files.map((file) => {
    try {
      const kind = checkUpload(file.bytes, DOCUMENT_RULE);
      const def = FILE_KINDS[kind];
      return {
        bytes: file.bytes,
        contentType: def.contentType,
        fileName: sanitizeFileName(file.fileName, def.ext),
      };
    } catch (error) {
      const reason = error instanceof AppError ? REASON_OF_ERROR[error.errorName] : undefined;
      if (!reason) throw error;
      throw documentRejected(reason, { fileName: sanitizeFileName(file.fileName, 'bin') });
    }
  });
  const room = (held: number) => SUPPORTING_DOCUMENT_MAX_FILES - held;
  const tooMany = (held: number) => documentRejected('too_many', { maxFiles: Math.max(0, room(held)) });
  await sweepExpired(deps, ctx.agency.id);
  const expiry = unattachedExpiry(deps);
  const heldBefore = await countUnattached(deps.db, order.id, ctx.user.id, expiry);
  if (checked.length > room(heldBefore)) throw tooMany(heldBefore);

  const stored: string[] = [];
  try {
    for (const file of checked) stored.push(await deps.storage.put(file.bytes, file));
    const rows = await deps.db.transaction(async (tx) => {
      // The order's row lock serialises concurrent uploads of one order: the count cannot race.
      await tx
        .select({ id: flightOrders.id })
        .from(flightOrders)
        .where(eq(flightOrders.id, order.id))
        .for('update');
      const held = await countUnattached(tx, order.id, ctx.user.id, expiry);
      if (checked.length > room(held)) throw tooMany(held);
      return tx
        .insert(orderDocuments)
        .values(
          checked.map((file, i) => ({
            agencyId: ctx.agency.id,
            orderId: order.id,
            fileName: file.fileName,
            contentType: file.contentType,
            sizeBytes: file.bytes.length,
            sha256: crypto.createHash('sha256').update(file.bytes).digest('hex'),
            storageKey: stored[i] ?? '',
            uploadedBy: ctx.user.id,
            createdAt: deps.now(),
          })),
        )
        .returning();
    });
    return rows.map(presentDocument);
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

/**
 * The documents of an order: its own uploads and, for an original, those attached to its change
 * and refund orders; for an after-sales order, the ones attached to it. Newest first; expired
 * unattached uploads are gone.
 */
export async function listDocuments(
  deps: Pick<DocumentDeps, 'db' | 'now' | 'timeScale'>,
  ctx: RequestContext,
  orderId: string,
): Promise<SupportingDocument[]> {
  const { db } = deps;
  const order = await visibleOrder(db, ctx, orderId);
  const afterSalesIds = db
    .select({ id: flightOrders.id })
    .from(flightOrders)
    .where(and(eq(flightOrders.originalBookingId, order.id), eq(flightOrders.agencyId, ctx.agency.id)));
  const rows = await db
    .select()
    .from(orderDocuments)
    .where(
      and(
        eq(orderDocuments.agencyId, ctx.agency.id),
        or(
          eq(orderDocuments.orderId, order.id),
          eq(orderDocuments.afterSalesOrderId, order.id),
          inArray(orderDocuments.afterSalesOrderId, afterSalesIds),
        ),
        or(
          isNotNull(orderDocuments.afterSalesOrderId),
          gte(orderDocuments.createdAt, unattachedExpiry(deps)),
        ),
      ),
    )
    .orderBy(desc(orderDocuments.createdAt), desc(orderDocuments.id));
  return rows.map(presentDocument);
}

async function findDocument(
  deps: DocumentDeps,
  ctx: RequestContext,
  orderId: string,
  documentId: string,
): Promise<OrderDocumentRow> {
  const { db } = deps;
  const list = await listDocuments(deps, ctx, orderId);
  const wanted = documentId.toLowerCase();
  if (!list.some((doc) => doc.id === wanted)) throw new AppError('NOT_FOUND');
  const [row] = await db.select().from(orderDocuments).where(eq(orderDocuments.id, wanted)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A document's bytes for download, with its stored type and display name. */
export async function readDocument(
  deps: DocumentDeps,
  ctx: RequestContext,
  orderId: string,
  documentId: string,
): Promise<{ row: OrderDocumentRow; bytes: Buffer }> {
  const row = await findDocument(deps, ctx, orderId, documentId);
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { row, bytes: file.bytes };
}

/** Removes an upload not yet attached to a request (an attached one is part of the request: 400). */
export async function deleteDocument(
  deps: DocumentDeps,
  ctx: RequestContext,
  orderId: string,
  documentId: string,
): Promise<SupportingDocument> {
  const row = await findDocument(deps, ctx, orderId, documentId);
  const [deleted] = await deps.db
    .delete(orderDocuments)
    .where(and(eq(orderDocuments.id, row.id), isNull(orderDocuments.afterSalesOrderId)))
    .returning();
  if (!deleted) throw new AppError('DOCUMENT_NOT_ATTACHABLE', undefined, { documentIds: [row.id] });
  await deps.storage.remove(deleted.storageKey).catch(() => undefined);
  return presentDocument(deleted);
}
