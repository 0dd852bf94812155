import type { RequestContext } from '../../platform/request-context';
import type { NoticeOwner } from './notifications.repo';

/**
 * In-app notices are personal: every signed-in user (route access `session`) lists and marks
 * read only their own, inside their own agency; this is the owner every notice query is
 * filtered by. The agency's webhook signing secret is its SuperUser's (route access `superuser`).
 */
export function noticeOwner(ctx: Pick<RequestContext, 'user' | 'agency'>): NoticeOwner {
  return { agencyId: ctx.agency.id, userId: ctx.user.id };
}
