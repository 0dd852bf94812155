import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as bookingRecordsApi from '@portal/domain/api/booking-records';
import { fromContract } from '../../platform/route-contract';
import { VOYAGE_EXPORT_CAP } from '@portal/domain/booking-records';
import type { Db } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { requireCtx } from '../../platform/request-context';
import { listVoyages, voyageRows } from './voyages';
import { voyageFileName, voyagesWorkbook } from './voyages.export';

/**
 * Booking records (`/flight/orders/voyage`): `GET /order/v2/flight/voyages` (a page) and
 * `POST /order/v2/flight/voyages/export` (Excel, at most `VOYAGE_EXPORT_CAP` rows, the newest
 * bookings first). Guarded like the order list: the flight service, the caller's agency, and only
 * the caller's own orders when the agency says so.
 */
export async function voyageRoutes(fastify: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...fromContract(bookingRecordsApi.listVoyages),
    config: { access: 'flight' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await listVoyages(db, ctx, request.query));
    },
  });

  // Downloads are POST with the list's filters as the body (API conventions).
  app.route({
    ...fromContract(bookingRecordsApi.exportVoyages),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const rows = await voyageRows(db, ctx, request.body, VOYAGE_EXPORT_CAP, 0);
      const file = await voyagesWorkbook(locale, rows);
      return sendFile(reply, file, { type: XLSX_TYPE, ...voyageFileName(locale, now()) });
    },
  });
}
