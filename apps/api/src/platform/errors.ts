import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERRORS, type ErrorName } from '@portal/domain/errors';
import { errorMessage } from '@portal/domain/error-messages';
import type { FieldError } from '@portal/domain/envelope';
import { fail } from './envelope';
import { localeOf, zodErrorMap } from './i18n';

/** An error the client may handle: a name of the domain catalogue, message params, extra data. */
export class AppError extends Error {
  readonly def: (typeof ERRORS)[ErrorName];

  constructor(
    readonly errorName: ErrorName,
    readonly params?: Record<string, string | number>,
    readonly data: unknown = null,
  ) {
    super(errorName);
    this.name = 'AppError';
    this.def = ERRORS[errorName];
  }
}

/** Thrown by `parse` with localized field errors. */
export class ValidationError extends AppError {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('ILLEGAL_INPUT');
  }
}

/** Validates `value` with a domain schema; a failure becomes a 400 ILLEGAL_INPUT with `data.errors`. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new ValidationError(result.error.issues);
  return result.data;
}

function fieldErrors(request: FastifyRequest, error: ValidationError): FieldError[] {
  const map = zodErrorMap(localeOf(request));
  return error.issues.map((issue) => {
    const localized = map(issue as Parameters<typeof map>[0]);
    const message = typeof localized === 'string' ? localized : (localized?.message ?? issue.message);
    return { path: issue.path.map(String).join('.'), message };
  });
}

function send(reply: FastifyReply, request: FastifyRequest, error: AppError, data: unknown): void {
  const message = errorMessage(error.def.key, localeOf(request), error.params);
  void reply.status(error.def.status).send(fail(error.def.code, message, data));
}

/** Maps Fastify's own 4xx errors (body parsing, size, media type) to catalogue errors. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE');
  if (status === 429) return new AppError('TOO_MANY_REQUESTS');
  if (status === 404) return new AppError('NOT_FOUND');
  if (status >= 400 && status < 500) return new AppError('ILLEGAL_INPUT');
  return undefined;
}

/** The wait a refusal names (`data.retryAfterSeconds`: a rate or login limit), if any. */
function retryAfterOf(error: AppError): number | undefined {
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('retryAfterSeconds' in data)) return undefined;
  return typeof data.retryAfterSeconds === 'number' ? data.retryAfterSeconds : undefined;
}

/**
 * One error handler: every failure becomes an envelope; unexpected errors never leak their text.
 * A refusal that names its wait (`retryAfterSeconds`) answers it as `Retry-After` too.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((rawError: unknown, request, reply) => {
    if (rawError instanceof ValidationError) {
      send(reply, request, rawError, { errors: fieldErrors(request, rawError) });
      return;
    }
    if (rawError instanceof AppError) {
      const wait = retryAfterOf(rawError);
      if (wait !== undefined) void reply.header('retry-after', String(wait));
      send(reply, request, rawError, rawError.data);
      return;
    }
    const error = rawError as FastifyError;
    const mapped = typeof error === 'object' && error !== null ? fromFastifyError(error) : undefined;
    if (mapped) {
      request.log.info({ err: error }, 'client error');
      // Keep the original status for e.g. 415 unsupported media type, with the generic message.
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : mapped.def.status;
      const message = errorMessage(mapped.def.key, localeOf(request));
      void reply.status(status).send(fail(mapped.def.code, message, null));
      return;
    }
    request.log.error({ err: rawError, reqId: request.id }, 'unexpected error');
    send(reply, request, new AppError('INTERNAL'), { requestId: request.id });
  });
}

/** The envelope for unknown API paths. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): void {
  send(reply, request, new AppError('NOT_FOUND'), null);
}
