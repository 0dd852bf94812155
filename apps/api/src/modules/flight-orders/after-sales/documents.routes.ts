import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as afterSalesApi from '@portal/domain/api/after-sales';
import { SUPPORTING_DOCUMENT_MAX_BYTES, SUPPORTING_DOCUMENT_MAX_FILES } from '@portal/domain/after-sales';
import { sendFile } from '../../../platform/download';
import { ok } from '../../../platform/envelope';
import { AppError } from '../../../platform/errors';
import { requireCtx } from '../../../platform/request-context';
import { fromContract } from '../../../platform/route-contract';
import {
  deleteDocument,
  documentRejected,
  listDocuments,
  readDocument,
  sanitizeFileName,
  uploadDocuments,
  visibleOrder,
  type DocumentDeps,
  type IncomingFile,
} from './documents';

/** The multipart errors of a too large file and of too many files, by their codes. */
const TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';
const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * Every file part of the request (field `file`, repeated). A file over 2 MB or a sixth file is
 * the spec's upload refusal at once; a body that is not well-formed multipart is 400.
 */
async function readFileParts(request: FastifyRequest): Promise<IncomingFile[]> {
  const files: IncomingFile[] = [];
  let current = '';
  try {
    for await (const part of request.files()) {
      current = part.filename;
      files.push({ fileName: part.filename, bytes: await part.toBuffer() });
    }
    return files;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === TOO_LARGE)
      throw documentRejected('too_large', { fileName: sanitizeFileName(current, 'bin') });
    if (TOO_MANY.has(code)) throw documentRejected('too_many');
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: [{ path: 'file', message: 'The upload is not a well-formed multipart/form-data body' }],
    });
  }
}

/**
 * Supporting documents of change and refund requests (spec §5), kept with the order:
 * `POST|GET /order/v2/flight/orders/{id}/documents`, `GET|DELETE .../documents/{documentId}`.
 * Visible to the agency's users (only the order's user when the agency shows own orders only);
 * another agency's order or document is 404.
 */
export async function documentRoutes(fastify: FastifyInstance, { deps }: { deps: DocumentDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: {
      fileSize: SUPPORTING_DOCUMENT_MAX_BYTES,
      files: SUPPORTING_DOCUMENT_MAX_FILES,
      fields: 10,
      parts: SUPPORTING_DOCUMENT_MAX_FILES + 10,
    },
    throwFileSizeLimit: true,
  });

  app.route({
    ...fromContract(afterSalesApi.uploadDocuments),
    config: { access: 'flight', limit: 'upload' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      // Another agency's order is 404 whatever the body: nothing about the upload is answered first.
      await visibleOrder(deps.db, ctx, request.params.id);
      if (!request.isMultipart()) throw documentRejected('no_file');
      const files = await readFileParts(request);
      return ok(await uploadDocuments(deps, ctx, request.params.id, files));
    },
  });

  app.route({
    ...fromContract(afterSalesApi.listDocuments),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await listDocuments(deps, ctx, request.params.id));
    },
  });

  app.route({
    ...fromContract(afterSalesApi.downloadDocument),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const { row, bytes } = await readDocument(deps, ctx, request.params.id, request.params.documentId);
      const ext = row.fileName.includes('.') ? (row.fileName.split('.').pop() ?? '') : '';
      const asciiFallback = `document-${row.id.slice(0, 8)}${/^[a-z0-9]{1,5}$/i.test(ext) ? `.${ext}` : ''}`;
      void reply.header('x-content-type-options', 'nosniff');
      return sendFile(reply, bytes, { type: row.contentType, fileName: row.fileName, asciiFallback });
    },
  });

  app.route({
    ...fromContract(afterSalesApi.deleteDocument),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await deleteDocument(deps, ctx, request.params.id, request.params.documentId));
    },
  });
}
