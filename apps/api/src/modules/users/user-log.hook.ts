import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { clientInfo, isApiPath } from '../../platform/request-context';
import { actorOf, recordUserAction } from './user-log';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `named`: the route's use case writes its own named user log row when it succeeds (logout,
     * password change), so the generic hook records only its refusals.
     */
    userLog?: 'named';
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The id a call addressed: its `:id` parameter, else its only parameter. */
function targetOf(params: unknown): string | null {
  if (typeof params !== 'object' || params === null) return null;
  const values = params as Record<string, unknown>;
  const id = values.id ?? (Object.keys(values).length === 1 ? Object.values(values)[0] : undefined);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * Records every authenticated POST/PUT/PATCH/DELETE in the user log once its answer is sent:
 * route pattern, target id, outcome and error code — never anything from the body. One insert
 * after the response; a failing insert is logged and never reaches the client.
 */
export function registerUserLogHook(app: FastifyInstance, db: Db): void {
  const codes = new WeakMap<FastifyRequest, number>();
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError) codes.set(request, error.def.code);
  });
  app.addHook('onResponse', async (request, reply) => {
    const ctx = request.ctx;
    if (!ctx || !STATE_CHANGING.has(request.method) || !isApiPath(request.url)) return;
    const refused = reply.statusCode >= 400;
    if (!refused && request.routeOptions.config.userLog === 'named') return;
    try {
      await recordUserAction(db, {
        ...actorOf(ctx, clientInfo(request)),
        action: 'call',
        method: request.method,
        route: request.routeOptions.url ?? null,
        target: targetOf(request.params),
        outcome: refused ? 'refused' : 'ok',
        code: refused ? (codes.get(request) ?? reply.statusCode) : null,
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'user log not recorded');
    }
  });
}
