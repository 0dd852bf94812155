import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { clientInfo, isApiPath } from '../../platform/request-context';
import { actorOf, recordUserAction } from './user-log';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `named`: the route's use case writes its own named user log row when it succeeds (logout,
     * password change), so the generic hook records only its refusals. `skip`: a POST that
     * changes nothing (a search, a read); see also `READ_ONLY_ROUTES`.
     */
    userLog?: 'named' | 'skip';
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * POST routes that only read: searches and their polls (several a second while results come in),
 * PNR and passport reading, and downloads. Recording them would bury the changes in noise.
 */
const READ_ONLY_ROUTES = [/^\/shopping\//, /\/export$/, /\/search$/, /^\/base\/v2\/analysis\//];

/** True when the hook records this call: a state-changing method on a route that changes state. */
export function isRecordedCall(method: string, route: string, config: 'named' | 'skip' | undefined): boolean {
  if (!STATE_CHANGING.has(method) || config === 'skip') return false;
  return !(method === 'POST' && READ_ONLY_ROUTES.some((pattern) => pattern.test(route)));
}

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
    const route = request.routeOptions.url ?? '';
    const config = request.routeOptions.config.userLog;
    if (!ctx || !isApiPath(request.url) || !isRecordedCall(request.method, route, config)) return;
    const refused = reply.statusCode >= 400;
    if (!refused && config === 'named') return;
    try {
      await recordUserAction(db, {
        ...actorOf(ctx, clientInfo(request)),
        action: 'call',
        method: request.method,
        route,
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
