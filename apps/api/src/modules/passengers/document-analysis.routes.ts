import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as passengersApi from '@portal/domain/api/passengers';
import { fromContract } from '../../platform/route-contract';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { checkUpload, MAX_IMAGE_PIXELS, UPLOAD_LIMITS } from '../../platform/files';
import { requireCtx } from '../../platform/request-context';
import { checkImageHeader, UndecodableImageError } from './ocr-image';
import { OcrReadFailedError, type OcrPool } from './ocr-pool';

export interface DocumentAnalysisOptions {
  pool: OcrPool;
}

const IMAGE_RULE = {
  allowed: ['jpeg', 'png'],
  maxBytes: UPLOAD_LIMITS.identityImage,
  maxPixels: MAX_IMAGE_PIXELS,
} as const;

/**
 * `POST /base/v2/analysis/document` (multipart, field `file`): a passport image (jpg, jpeg or png
 * by content, up to 10 MB, 40 megapixels and 16384 px a side by its header) -> `{format, fields,
 * checks, raw}` read from its machine-readable zone. The image is not stored. Counted against the
 * upload limits of the user and the agency (429 UPLOAD_RATE_LIMITED). Read in the OCR pool outside
 * any database transaction: a full queue is 429 OCR_BUSY at once, a read over its time 503
 * OCR_TIMEOUT. The pool decodes the whole image first and the OCR reads only the server's own
 * encoding of it: an image that does not fully decode (bad checksum, truncated, bad data) is 415
 * IMAGE_UNDECODABLE. No zone found, or the reader failed on it (its worker died), is 422
 * DOCUMENT_UNREADABLE: the agent enters the details by hand.
 */
/**
 * The bytes of the `file` part. A body that is not well-formed multipart (no boundary, cut off)
 * is the client's error, 400, not a 500; the size limit keeps its own 413.
 */
async function readFilePart(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new AppError('UPLOAD_EMPTY');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: [{ path: 'file', message: 'The upload is not a well-formed multipart/form-data body' }],
    });
  }
}

export async function documentAnalysisRoutes(fastify: FastifyInstance, { pool }: DocumentAnalysisOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: IMAGE_RULE.maxBytes, files: 1, fields: 10, parts: 11 },
    throwFileSizeLimit: true,
  });

  app.route({
    ...fromContract(passengersApi.analyzeDocument),
    config: { access: 'session', limit: 'upload' },
    handler: async (request) => {
      requireCtx(request);
      if (!request.isMultipart()) throw new AppError('UPLOAD_EMPTY');
      const bytes = await readFilePart(request);
      checkUpload(bytes, IMAGE_RULE);
      let result;
      try {
        // Absurd sizes are refused here, before the upload takes a place in the pool.
        checkImageHeader(bytes);
        result = await pool.read(bytes);
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof UndecodableImageError) {
          request.log.info({ err: error.cause }, 'passport image does not decode');
          throw new AppError('IMAGE_UNDECODABLE');
        }
        if (error instanceof OcrReadFailedError) {
          request.log.error({ err: error.cause }, 'passport reader failed; it is replaced');
          throw new AppError('DOCUMENT_UNREADABLE');
        }
        request.log.error({ err: error }, 'passport reading failed');
        throw new AppError('UPLOAD_FAILED');
      }
      request.log.info(
        { image: result.image, steps: result.steps, found: result.reading !== undefined },
        'passport read',
      );
      if (!result.reading) throw new AppError('DOCUMENT_UNREADABLE');
      return ok(result.reading);
    },
  });
}
