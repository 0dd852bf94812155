import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as groupOrdersApi from '@portal/domain/api/group-orders';
import { fromContract } from '../../../platform/route-contract';
import { GROUP_PASSENGER_FILE_MAX_BYTES } from '@portal/domain/group-passenger-list';
import { sendFile, XLSX_TYPE } from '../../../platform/download';
import { ok } from '../../../platform/envelope';
import { AppError } from '../../../platform/errors';
import { localeOf } from '../../../platform/i18n';
import { requireCtx } from '../../../platform/request-context';
import {
  assertUploadOpen,
  confirmPassengerList,
  getPassengerList,
  passengerTemplate,
  uploadPassengerList,
  type PassengerListDeps,
} from './passenger-list.service';

/**
 * The one file of the request (any field name). No file, or a body that is not well-formed
 * multipart, is the import format error; a file over the limit is 413.
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('GROUP_PASSENGER_IMPORT_FORMAT', undefined, { reason: 'no_file' });
  }
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.files()) {
      // Every part is drained; the first file is the list (one list per upload).
      const content = await part.toBuffer();
      bytes ??= content;
    }
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE');
    request.log.info({ err: error }, 'malformed passenger list upload');
    throw new AppError('GROUP_PASSENGER_IMPORT_FORMAT', undefined, { reason: 'malformed' });
  }
  if (!bytes || bytes.length === 0) {
    throw new AppError('GROUP_PASSENGER_IMPORT_FORMAT', undefined, { reason: 'no_file' });
  }
  return bytes;
}

/**
 * The passenger list of a group order (spec §4, §5, §8): the Excel template, the upload checked
 * row by row, the list and its state, and the confirmation that locks it. Operators and SuperUsers
 * of the order's agency (only its creator when the agency shows own orders only); another agency's
 * order is 404.
 */
export async function groupPassengerListRoutes(
  fastify: FastifyInstance,
  { deps }: { deps: PassengerListDeps },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: GROUP_PASSENGER_FILE_MAX_BYTES, files: 2, fields: 10, parts: 12 },
    throwFileSizeLimit: true,
  });

  app.route({
    ...fromContract(groupOrdersApi.downloadPassengerTemplate),
    config: { access: 'flight' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const { bytes, fileName } = await passengerTemplate(deps, ctx, request.params.id, localeOf(request));
      return sendFile(reply, bytes, { type: XLSX_TYPE, fileName, asciiFallback: 'group-passengers.xlsx' });
    },
  });

  app.route({
    ...fromContract(groupOrdersApi.getPassengerList),
    config: { access: 'flight' },
    handler: async (request) => ok(await getPassengerList(deps, requireCtx(request), request.params.id)),
  });

  app.route({
    ...fromContract(groupOrdersApi.uploadPassengerList),
    config: { access: 'flight', limit: 'upload' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      // Another agency's order is 404 and a locked list 409 whatever the body: nothing is read first.
      await assertUploadOpen(deps, ctx, request.params.id);
      const bytes = await readUpload(request);
      return ok(await uploadPassengerList(deps, ctx, request.params.id, bytes));
    },
  });

  app.route({
    ...fromContract(groupOrdersApi.confirmPassengerList),
    config: { access: 'flight' },
    handler: async (request) => ok(await confirmPassengerList(deps, requireCtx(request), request.params.id)),
  });
}
