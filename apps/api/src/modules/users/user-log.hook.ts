import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { clientInfo, isApiPath, isPlatformApiPath } from '../../platform/request-context';
import {
  eventOfCall,
  routeEventOf,
  type RouteEvent,
  type UserLogFacts,
  type UserLogTargetKind,
} from '@portal/domain/user-log-events';
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

/**
 * True when the hook records this call: a state-changing method on a route that changes state.
 * Platform routes (`/platform/v2/…`) never: no agency user makes them, and each platform use case
 * writes the platform audit log itself (`recordPlatformAction`).
 */
export function isRecordedCall(method: string, route: string, config: 'named' | 'skip' | undefined): boolean {
  if (!STATE_CHANGING.has(method) || config === 'skip' || isPlatformApiPath(route)) return false;
  return !(method === 'POST' && READ_ONLY_ROUTES.some((pattern) => pattern.test(route)));
}

/** The id a call addressed: its `:id` parameter, else its only parameter. */
function targetOf(params: unknown): string | null {
  const values = recordOf(params);
  if (!values) return null;
  const id = values.id ?? (Object.keys(values).length === 1 ? Object.values(values)[0] : undefined);
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** The shapes a kept fact may have: anything else (a refused request's garbage) is left out. */
const FACT_SHAPES = {
  amount: /^\d{1,15}(\.\d{1,8})?$/,
  currency: /^[A-Z]{3}$/,
  setting: /^[\w.-]{1,64}$/,
  instalment: /^\d{1,3}$/,
};

const shaped = (value: unknown, shape: RegExp) =>
  typeof value === 'string' && shape.test(value) ? value : undefined;

/**
 * The facts of a call its route names: closed values and amounts of the body (a top-up's amount
 * and currency, a credit limit), never free text, and a route parameter (a setting's name, an
 * instalment's number), each only in its expected shape.
 */
function factsOf(entry: RouteEvent, body: unknown, params: unknown): UserLogFacts {
  const fields = recordOf(body) ?? {};
  const wants = (name: 'amount' | 'currency' | 'credit') => entry.bodyFacts?.includes(name) === true;
  const amount = shaped(
    wants('credit') ? fields.credit : wants('amount') ? fields.amount : undefined,
    FACT_SHAPES.amount,
  );
  const currency =
    wants('currency') || wants('credit') ? shaped(fields.currency, FACT_SHAPES.currency) : undefined;
  const param = entry.paramFact ? recordOf(params)?.[entry.paramFact.param] : undefined;
  const setting = entry.paramFact?.fact === 'setting' ? shaped(param, FACT_SHAPES.setting) : undefined;
  const instalment =
    entry.paramFact?.fact === 'instalment' ? shaped(param, FACT_SHAPES.instalment) : undefined;
  return {
    ...(amount === undefined ? {} : { amount }),
    ...(currency === undefined ? {} : { currency }),
    ...(setting === undefined ? {} : { setting }),
    ...(instalment === undefined ? {} : { instalment: Number(instalment) }),
  };
}

/** The id of what a create returned: `data.id` of its answer (`data.agency.id` for a sub-agency). */
function createdIdOf(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 1_000_000) return null;
  try {
    const data = recordOf(recordOf(JSON.parse(payload))?.data);
    const id = data?.id ?? recordOf(data?.agency)?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}

/**
 * The label of a target and the totals of an order, read when a call is recorded. `trusted`: the
 * call succeeded, so the caller could see the target; otherwise only a target of the caller's own
 * agency is named (a refused call never shows another agency's booking number).
 */
export type DescribeTarget = (
  db: Db,
  target: { kind: UserLogTargetKind; id: string },
  scope: { agencyId: number; trusted: boolean },
) => Promise<{ label: string | null; amount?: string; currency?: string } | null>;

/**
 * Records every authenticated POST/PUT/PATCH/DELETE in the user log once its answer is sent:
 * the action its route maps to (`ROUTE_EVENTS`), the target with its label, the facts the action's
 * sentence names, route pattern, outcome and error code; nothing else of the body. One insert
 * after the response; a failing insert is logged and never reaches the client.
 */
export function registerUserLogHook(app: FastifyInstance, db: Db, describe: DescribeTarget): void {
  const codes = new WeakMap<FastifyRequest, number>();
  const created = new WeakMap<FastifyRequest, string>();
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError) codes.set(request, error.def.code);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Only a recorded call (a state-changing method) reads what was created; reads skip the lookup.
    if (!STATE_CHANGING.has(request.method)) return payload;
    const entry = routeEventOf(request.method, request.routeOptions.url ?? null);
    if (!entry?.created || reply.statusCode >= 400 || !request.ctx) return payload;
    const id = createdIdOf(payload);
    if (id !== null) created.set(request, id);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const ctx = request.ctx;
    const route = request.routeOptions.url ?? '';
    const config = request.routeOptions.config.userLog;
    if (!ctx || !isRecordedCall(request.method, route, config) || !isApiPath(request.url)) return;
    const refused = reply.statusCode >= 400;
    if (!refused && config === 'named') return;
    try {
      const entry = routeEventOf(request.method, route);
      const targetId = entry?.created ? (created.get(request) ?? null) : targetOf(request.params);
      const facts = entry ? factsOf(entry, request.body, request.params) : {};
      let targetLabel: string | null = null;
      if (entry?.target && targetId !== null) {
        const found = await describe(
          db,
          { kind: entry.target, id: targetId },
          { agencyId: ctx.agency.id, trusted: !refused },
        );
        targetLabel = found?.label ?? null;
        if (entry.withAmount && found?.amount !== undefined) {
          facts.amount = found.amount;
          facts.currency = found.currency;
        }
      }
      await recordUserAction(db, {
        ...actorOf(ctx, clientInfo(request)),
        action: 'call',
        method: request.method,
        route,
        target: targetId,
        event: entry ? eventOfCall(entry, recordOf(request.body)?.channel) : null,
        targetKind: entry?.target ?? null,
        targetLabel,
        facts,
        outcome: refused ? 'refused' : 'ok',
        code: refused ? (codes.get(request) ?? reply.statusCode) : null,
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'user log not recorded');
    }
  });
}
