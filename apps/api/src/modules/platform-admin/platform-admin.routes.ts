import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as platformAuditApi from '@portal/domain/api/platform-audit';
import * as platformAuthApi from '@portal/domain/api/platform-auth';
import type { Db } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { localeOf } from '../../platform/i18n';
import { ok } from '../../platform/envelope';
import { requirePlatform } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { AUDIT_EXPORT_ROW_CAP, auditFileName, auditWorkbook } from './platform-audit.export';
import { countAudit, listAudit } from './platform-audit.repo';
import type { PlatformSignIn } from './sign-in';

export interface PlatformAdminRoutesOptions {
  db: Db;
  signIn: PlatformSignIn;
  now: () => Date;
}

/** The platform back office's sign-in, who-am-I, sign-out and audit log. */
export async function platformAdminRoutes(
  fastify: FastifyInstance,
  { db, signIn, now }: PlatformAdminRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(platformAuthApi.platformLogin),
    // Failed sign-ins are limited per account and per address in `sign-in.ts` (login-limit.ts).
    config: { access: 'public' },
    handler: async (request) =>
      ok(await signIn.login(request.body, { ip: request.ip, requestId: request.id })),
  });

  app.route({
    ...fromContract(platformAuthApi.getPlatformMe),
    config: { access: 'platform' },
    handler: async (request) => ok(await signIn.me(requirePlatform(request))),
  });

  app.route({
    ...fromContract(platformAuthApi.platformLogout),
    config: { access: 'platform' },
    handler: async (request) => ok(await signIn.logout(requirePlatform(request))),
  });

  app.route({
    ...fromContract(platformAuditApi.listPlatformAudit),
    config: { access: 'platform' },
    handler: async (request) => {
      const query = request.query;
      const offset = (query.page - 1) * query.pageSize;
      const [list, total] = await Promise.all([
        listAudit(db, query, { offset, limit: query.pageSize }),
        countAudit(db, query),
      ]);
      return ok({ list, total, page: query.page, pageSize: query.pageSize });
    },
  });

  app.route({
    ...fromContract(platformAuditApi.exportPlatformAudit),
    config: { access: 'platform' },
    handler: async (request, reply) => {
      const locale = localeOf(request);
      const rows = await listAudit(db, request.body, { offset: 0, limit: AUDIT_EXPORT_ROW_CAP });
      const file = await auditWorkbook(locale, rows);
      return sendFile(reply, file, { type: XLSX_TYPE, ...auditFileName(locale, now()) });
    },
  });
}
