import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserLogExportBody, UserLogListQuery, UserLogPage } from '@portal/domain/user-log';
import type { Db } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { requireCtx } from '../../platform/request-context';
import { FILE_RESPONSE, okResponse } from '../../platform/schema';
import { USER_LOG_EXPORT_CAP, userLogFileName, userLogWorkbook } from './user-log.export';
import { presentUserLog } from './user-log.presenter';
import { exportUserLogs, listUserLogs } from './user-log.repo';

const tags = ['user-log'];

/**
 * The agency's user log (SuperUser): list and Excel export. The log is append-only: there is no
 * route that changes or deletes a row.
 */
export async function userLogRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/base/v2/user-logs',
    {
      config: { access: 'superuser' },
      schema: { tags, querystring: UserLogListQuery, response: okResponse(UserLogPage) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const { page, pageSize, ...filters } = request.query;
      const { rows, total } = await listUserLogs(db, ctx.agency.id, filters, { page, pageSize });
      return ok({ list: rows.map(presentUserLog), total, page, pageSize });
    },
  );

  app.post(
    '/base/v2/user-logs/export',
    { config: { access: 'superuser' }, schema: { tags, body: UserLogExportBody, response: FILE_RESPONSE } },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const rows = await exportUserLogs(db, ctx.agency.id, request.body, USER_LOG_EXPORT_CAP);
      const file = await userLogWorkbook(locale, rows.map(presentUserLog));
      return sendFile(reply, file, { type: XLSX_TYPE, ...userLogFileName(locale, new Date()) });
    },
  );
}
