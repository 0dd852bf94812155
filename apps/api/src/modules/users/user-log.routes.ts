import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as userLogApi from '@portal/domain/api/user-log';
import { USER_LOG_COUNT_CAP } from '@portal/domain/user-log';
import { fromContract } from '../../platform/route-contract';
import type { Db } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { requireCtx } from '../../platform/request-context';
import { projectingSerializerCompiler } from '../../platform/schema';
import { USER_LOG_EXPORT_CAP, userLogFileName, userLogWorkbook } from './user-log.export';
import { presentUserLog } from './user-log.presenter';
import { exportUserLogs, listUserLogs } from './user-log.repo';

/**
 * The agency's user log (SuperUser): list and Excel export. The log is append-only: there is no
 * route that changes or deletes a row.
 */
export async function userLogRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(userLogApi.listUserLogs),
    config: { access: 'superuser' },
    // Written by the compiled serializer: the fields of `UserLogPage` in order, as the zod encoder.
    serializerCompiler: projectingSerializerCompiler,
    handler: async (request) => {
      const ctx = requireCtx(request);
      const { page, pageSize, after, count, ...filters } = request.query;
      const { rows, total, next } = await listUserLogs(
        db,
        { id: ctx.agency.id, timeZone: ctx.company.timeZone },
        filters,
        { page, pageSize, after, count },
        USER_LOG_COUNT_CAP,
      );
      return ok({
        list: rows.map(presentUserLog),
        ...(total === undefined
          ? {}
          : { total: Math.min(total, USER_LOG_COUNT_CAP), totalCapped: total > USER_LOG_COUNT_CAP }),
        page,
        pageSize,
        ...(next ? { next } : {}),
      });
    },
  });

  app.route({
    ...fromContract(userLogApi.exportUserLogs),
    config: { access: 'superuser' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const rows = await exportUserLogs(
        db,
        { id: ctx.agency.id, timeZone: ctx.company.timeZone },
        request.body,
        USER_LOG_EXPORT_CAP,
      );
      const file = await userLogWorkbook(locale, rows.map(presentUserLog));
      return sendFile(reply, file, { type: XLSX_TYPE, ...userLogFileName(locale, new Date()) });
    },
  });
}
