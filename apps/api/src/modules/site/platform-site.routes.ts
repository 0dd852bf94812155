import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as siteApi from '@portal/domain/api/platform-site';
import { SITE_IMAGE_MAX_BYTES } from '@portal/domain/platform-site';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/files';
import { requirePlatform } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { recordPlatformAction } from '../platform-admin/index';
import { putSiteImage, readStoredSite, type SiteAdminDeps, updateSiteConfig } from './site-admin';

export interface PlatformSiteRoutesOptions {
  db: Db;
  now: () => Date;
  images: FileStorage;
}

/** The single `file` part of an image upload; over 2 MB is 413 at once, a malformed body 400. */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UPLOAD_EMPTY');
  try {
    const part = await request.file();
    if (!part) throw new AppError('UPLOAD_EMPTY');
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: [{ path: 'file', message: 'The upload is not a well-formed multipart/form-data body' }],
    });
  }
}

/**
 * `/platform/v2/site`: the site config `getSiteConfig` serves, edited by `platform:support`; its
 * images are uploaded one by one. Every change is in the platform audit log.
 */
export async function platformSiteRoutes(fastify: FastifyInstance, options: PlatformSiteRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: SITE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });
  const depsFor = (request: FastifyRequest): SiteAdminDeps => {
    const ctx = requirePlatform(request);
    return {
      db: options.db,
      now: options.now,
      images: options.images,
      record: (tx, entry) => recordPlatformAction(tx, ctx, entry),
    };
  };

  app.route({
    ...fromContract(siteApi.getPlatformSite),
    config: { access: 'platformSupport' },
    handler: async () => ok(await readStoredSite(options.db)),
  });
  app.route({
    ...fromContract(siteApi.updatePlatformSite),
    config: { access: 'platformSupport' },
    handler: async (request) => ok(await updateSiteConfig(depsFor(request), request.body)),
  });
  app.route({
    ...fromContract(siteApi.uploadSiteImage),
    config: { access: 'platformSupport' },
    handler: async (request) => {
      const deps = depsFor(request);
      const bytes = await readImagePart(request);
      return ok(await putSiteImage(deps, request.params.kind, bytes));
    },
  });
}
