import { hasFlightService } from '@portal/domain/roles';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';

/** Shopping needs the flight service (spec §6): the company flag plus operator or SuperUser. */
export function requireFlightService(ctx: RequestContext): void {
  const c = ctx.company.config.commonConfig;
  const allowed = hasFlightService({
    roles: ctx.roles,
    permissions: ctx.permissions,
    company: {
      proxyLevel: ctx.company.proxyLevel,
      enableFlightService: c.enableFlightService,
      enableTrainService: c.enableTrainService,
      isShowBill: c.isShowBill,
      canCreateSubAgency: c.canCreateSubAgency,
    },
  });
  if (!allowed) throw new AppError('NO_ACCESS');
}
