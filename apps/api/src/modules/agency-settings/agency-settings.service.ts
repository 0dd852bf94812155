import {
  type AgencySettings,
  type PriceChain,
  type PriceChainQuery,
  priceChain,
  settingsFromStored,
} from '@portal/domain/agency-settings';
import { errorMessage } from '@portal/domain/error-messages';
import type { Db } from '../../platform/db';
import type { AgencyRow } from '../agencies/index';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { findAgencyById, isBelow, lockAgency } from '../agencies/index';
import { webhookUrlProblem, type WebhookTargetRule } from '../notifications/index';
import { chainLevelsFor, loadAgencyPricing } from '../shopping/index';
import { assertCanReachSettings } from './agency-settings.policy';
import { walletHoldsMoney, writeSettings } from './agency-settings.repo';

/**
 * The agency `id` when the caller may reach its settings with `access` (else 403/404). A deleted
 * agency, or one below a deleted agency, is not below anyone: 404, as in the agency tools.
 */
async function reachableAgency(
  db: Db,
  ctx: RequestContext,
  access: 'agencyAdmin' | 'agencyManager',
  id: number,
): Promise<AgencyRow> {
  const row = await findAgencyById(db, id);
  const target = row ? { id: row.id, below: await isBelow(db, ctx.agency.id, row.id) } : undefined;
  assertCanReachSettings(ctx, access, target);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The settings of an agency row (never its webhook signing secret). */
export function presentSettings(row: AgencyRow): AgencySettings {
  return settingsFromStored(row.commonConfig, row.flightSettings);
}

/** GET /base/v2/agencies/{id}/config: a sub-agency's settings. */
export async function getAgencySettings(db: Db, ctx: RequestContext, id: number): Promise<AgencySettings> {
  return presentSettings(await reachableAgency(db, ctx, 'agencyAdmin', id));
}

/**
 * 400 NOTIFICATION_URL_REFUSED, each refused field in `data.errors`, when a notification URL could
 * not be delivered to: the delivery's own rule (`webhookUrlProblem`), applied when it is saved.
 */
function checkNotificationUrls(ctx: RequestContext, settings: AgencySettings, rule: WebhookTargetRule): void {
  const urls: [string, string | null][] = [
    ['flight.bookingNotificationUrl', settings.flight.bookingNotificationUrl],
    ['flight.flightChangeNotificationUrl', settings.flight.flightChangeNotificationUrl],
    ['train.notificationUrl', settings.train.notificationUrl],
  ];
  const refused = urls.filter(([, url]) => url !== null && webhookUrlProblem(url, rule) !== null);
  if (refused.length === 0) return;
  const message = errorMessage('agencySettings.error.notificationUrl', ctx.locale);
  throw new AppError('NOTIFICATION_URL_REFUSED', undefined, {
    errors: refused.map(([path]) => ({ path, message })),
  });
}

/**
 * PUT /base/v2/agencies/{id}/config: replaces a sub-agency's settings in one short transaction.
 * A new settlement currency is refused (409 201040) while the agency's wallet holds a balance or
 * a credit limit in any currency: its money and credit stay in the currency they were given in.
 * A notification URL must be https (http too in demo mode) and not name an internal address
 * (400 201041), as its deliveries will be.
 */
export async function saveAgencySettings(
  db: Db,
  ctx: RequestContext,
  id: number,
  settings: AgencySettings,
  webhookTargets: WebhookTargetRule,
): Promise<AgencySettings> {
  await reachableAgency(db, ctx, 'agencyAdmin', id);
  checkNotificationUrls(ctx, settings, webhookTargets);
  const saved = await db.transaction(async (tx) => {
    const current = await lockAgency(tx, id);
    if (!current) throw new AppError('NOT_FOUND');
    const before = presentSettings(current).common.settlementCurrency;
    if (settings.common.settlementCurrency !== before && (await walletHoldsMoney(tx, id))) {
      throw new AppError('SETTLEMENT_CURRENCY_LOCKED');
    }
    return writeSettings(
      tx,
      id,
      { ...settings.common, trainSettings: settings.train, creditPeriod: settings.creditPeriod },
      settings.flight,
    );
  });
  if (!saved) throw new AppError('NOT_FOUND');
  return presentSettings(saved);
}

/**
 * GET /base/v2/agencies/{id}/price-chain: a supplier net amount through the adjustments of the
 * agency's chain for a category, from the top agency down, with the arithmetic shopping prices with.
 */
export async function getPriceChain(
  db: Db,
  ctx: RequestContext,
  id: number,
  query: PriceChainQuery,
): Promise<PriceChain> {
  const row = await reachableAgency(db, ctx, 'agencyManager', id);
  const pricing = await loadAgencyPricing(db, row);
  try {
    return priceChain(query.category, query.amount, query.currency, chainLevelsFor(pricing, query.category));
  } catch (error) {
    // The chain's adjustments took the amount past what money arithmetic holds exactly.
    if (error instanceof RangeError) throw new AppError('ILLEGAL_INPUT');
    throw error;
  }
}
