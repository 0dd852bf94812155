import { hasFlightService } from '@portal/domain/roles';
import { AppError } from '../../platform/errors';
import type { FastifyRequest } from 'fastify';
import { accessSubject, requireCtx, type RequestContext } from '../../platform/request-context';

/** Shopping needs the flight service (spec §6): the company flag plus operator or SuperUser. */
export function requireFlightService(ctx: RequestContext): void {
  if (!hasFlightService(accessSubject(ctx))) throw new AppError('NO_ACCESS');
}

/** The request's context when its user may use the flight service (401 without a session, else 403). */
export function flightContext(request: FastifyRequest): RequestContext {
  const ctx = requireCtx(request);
  requireFlightService(ctx);
  return ctx;
}

/**
 * The request's context when its user may book from a PNR (POST .../analysis-pnr): the flight
 * service, and the agency does not hide PNR booking (spec §3 'Hide PNR booking'; else 403).
 */
export function pnrBookingContext(request: FastifyRequest): RequestContext {
  const ctx = flightContext(request);
  if (ctx.agency.commonConfig.hidePnrBooking === true) throw new AppError('NO_ACCESS');
  return ctx;
}
