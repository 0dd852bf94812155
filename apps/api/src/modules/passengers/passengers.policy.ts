import type { RequestContext } from '../../platform/request-context';
import type { Owner } from './passengers.repo';

/**
 * Frequent passengers and member cards are personal (spec §2 favourites): every signed-in user
 * (route access `session`) reads and changes only their own, inside their own agency. This is the
 * owner every passenger and card query is filtered by; an id outside it is answered 404.
 */
export function passengerOwner(ctx: Pick<RequestContext, 'user' | 'agency'>): Owner {
  return { userId: ctx.user.id, agencyId: ctx.agency.id };
}
