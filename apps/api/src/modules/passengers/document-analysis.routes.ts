import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { checkUpload, UPLOAD_LIMITS } from '../../platform/files';
import { requireCtx } from '../../platform/request-context';
import type { MrzReader } from './mrz-reader';

export interface DocumentAnalysisOptions {
  reader: MrzReader;
}

const IMAGE_RULE = { allowed: ['jpeg', 'png'], maxBytes: UPLOAD_LIMITS.identityImage } as const;

/**
 * `POST /base/v2/analysis/document` (multipart, field `file`): a passport image (jpg, jpeg or png
 * by content, up to 10 MB) -> `{format, fields, checks, raw}` read from its machine-readable zone.
 * The image is not stored. No zone found -> 422 DOCUMENT_UNREADABLE; a reader failure -> 500
 * UPLOAD_FAILED ("Upload failed, try later or contact the administrator").
 */
export async function documentAnalysisRoutes(app: FastifyInstance, { reader }: DocumentAnalysisOptions) {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_RULE.maxBytes, files: 1, fields: 10, parts: 11 },
    throwFileSizeLimit: true,
  });

  app.post('/base/v2/analysis/document', async (request) => {
    requireCtx(request);
    if (!request.isMultipart()) throw new AppError('UPLOAD_EMPTY');
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new AppError('UPLOAD_EMPTY');
    const bytes = await part.toBuffer();
    checkUpload(bytes, IMAGE_RULE);
    let result;
    try {
      result = await reader.read(bytes);
    } catch (error) {
      request.log.error({ err: error }, 'passport reading failed');
      throw new AppError('UPLOAD_FAILED');
    }
    request.log.info({ steps: result.steps, found: result.reading !== undefined }, 'passport read');
    if (!result.reading) throw new AppError('DOCUMENT_UNREADABLE');
    return ok(result.reading);
  });
}
