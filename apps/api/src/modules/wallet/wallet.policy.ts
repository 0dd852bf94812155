import { hasFinanceAccess, isAgencyManager, type AccessSubject } from '@portal/domain/roles';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';

function subjectOf(ctx: RequestContext): AccessSubject {
  const c = ctx.company.config.commonConfig;
  return {
    roles: ctx.roles,
    permissions: ctx.permissions,
    company: {
      proxyLevel: ctx.company.proxyLevel,
      enableFlightService: c.enableFlightService,
      enableTrainService: c.enableTrainService,
      isShowBill: c.isShowBill,
      canCreateSubAgency: c.canCreateSubAgency,
    },
  };
}

/** Wallet, entries and transactions of the caller's own agency: finance access (spec §6). */
export function assertCanReadWallet(ctx: RequestContext): void {
  if (!hasFinanceAccess(subjectOf(ctx))) throw new AppError('NO_ACCESS');
}

/**
 * Top-up and credit limit: an agency manager (top-level, may create sub-agencies) with finance
 * access. Which agencies (itself and its direct sub-agencies) is checked by the service.
 */
export function assertCanManageWallets(ctx: RequestContext): void {
  const subject = subjectOf(ctx);
  if (!isAgencyManager(subject) || !hasFinanceAccess(subject)) throw new AppError('NO_ACCESS');
}
