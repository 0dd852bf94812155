import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as agenciesApi from '@portal/domain/api/agencies';
import { fromContract } from '../../platform/route-contract';
import { CreatedAgency } from '@portal/domain/agencies';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { StoredFile } from '../../platform/files';
import { withIdempotentSteps } from '../../platform/idempotency';
import { requireCtx } from '../../platform/request-context';
import { envelope } from '../../platform/schema';
import { LOGO_RULE } from '../agencies/index';
import { createAgenciesService, type AgenciesDeps, type PreparedPassword } from './manage-agencies.service';

/** The answer of a create; a replayed answer (typed unknown) is read back through it. */
const CreatedAgencyAnswer = envelope(CreatedAgency);

/** Answers with a stored image (not an envelope); the address changes with each upload (`?v=`). */
function sendImage(reply: FastifyReply, file: StoredFile): FastifyReply {
  return reply
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=86400')
    .type(file.contentType)
    .send(file.bytes);
}

/** The single `file` part of a logo upload; over 2 MB is 413 at once, a malformed body 400. */
async function readLogoPart(request: FastifyRequest): Promise<Buffer> {
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
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: [{ path: 'file', message: 'The upload is not a well-formed multipart/form-data body' }],
    });
  }
}

/**
 * `/base/v2/agencies`: the sub-agency tree of an agency manager, and create, edit, delete, logo
 * and super admin password reset for its SuperUser (spec §7). Who may act on which agency is
 * `agencies.policy.ts`; settings, API keys and money of sub-agencies are other modules' routes.
 */
export async function agenciesRoutes(fastify: FastifyInstance, { deps }: { deps: AgenciesDeps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const agencies = createAgenciesService(deps);
  await app.register(multipart, {
    limits: { fileSize: LOGO_RULE.maxBytes, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });

  app.route({
    ...fromContract(agenciesApi.listAgencies),
    config: { access: 'agencyManager' },
    handler: async (request) => ok(await agencies.list(requireCtx(request), request.query)),
  });

  app.route({
    ...fromContract(agenciesApi.createAgency),
    config: { access: 'agencyAdmin' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const parent = await agencies.checkCreate(ctx, request.body);
      // Set only when this request created the agency: a replay never shows the password again.
      let shown: PreparedPassword | undefined;
      const answer = await withIdempotentSteps(deps.db, request, reply, {
        outside: () => agencies.preparePassword(),
        inside: async (tx, prepared) => {
          const created = ok(await agencies.create(tx, parent.id, request.body, prepared));
          shown = prepared;
          return created;
        },
      });
      const parsed = CreatedAgencyAnswer.parse(answer);
      if (shown) parsed.data.superAdmin.temporaryPassword = shown.password;
      return parsed;
    },
  });

  app.route({
    ...fromContract(agenciesApi.updateAgency),
    config: { access: 'agencyAdmin' },
    handler: async (request) =>
      ok(await agencies.update(requireCtx(request), request.params.id, request.body)),
  });

  app.route({
    ...fromContract(agenciesApi.deleteAgency),
    config: { access: 'agencyAdmin' },
    handler: async (request) => ok(await agencies.remove(requireCtx(request), request.params.id)),
  });

  app.route({
    ...fromContract(agenciesApi.resetSuperAdminPassword),
    config: { access: 'agencyAdmin' },
    handler: async (request) =>
      ok(await agencies.resetSuperAdminPassword(requireCtx(request), request.params.id)),
  });

  app.route({
    ...fromContract(agenciesApi.uploadAgencyLogo),
    config: { access: 'agencyAdmin', limit: 'upload' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      // Another agency's id is 404 whatever the body: nothing about the upload is answered first.
      await agencies.checkLogo(ctx, request.params.id);
      const bytes = await readLogoPart(request);
      return ok(await agencies.putLogo(ctx, request.params.id, bytes));
    },
  });

  app.route({
    ...fromContract(agenciesApi.getAgencyLogo),
    config: { access: 'session' },
    handler: async (request, reply) => {
      const file = await agencies.readLogo(requireCtx(request), request.params.id);
      return sendImage(reply, file);
    },
  });
}
