import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';

/** The user log of the caller's own agency: SuperUser only (spec route table). */
export function assertCanReadUserLog(ctx: RequestContext): void {
  if (!ctx.roles.includes('SuperUser')) throw new AppError('NO_ACCESS');
}
