/*
 * The user log's actions, outcomes and target pages, without zod: the user log page's filters and
 * sentences read them, and `user-log.ts` and `user-log-events.ts` (which re-export them) hold the
 * schemas (docs/performance/javascript-per-route.md).
 */

/**
 * The user log (`/user-log`, issue 10): an append-only record of every login, logout, failed
 * login and state-changing call of an agency's users. Named actions are written by the use case
 * that performs them; every other authenticated POST/PUT/PATCH/DELETE is recorded as `call`
 * with its method, route pattern, target id and outcome. There is no route that changes or
 * removes a row.
 */
export const USER_LOG_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'sso_login',
  'password_change',
  'call',
  'user_create',
  'user_update',
  'user_delete',
  'user_password_reset',
] as const;
export type UserLogAction = (typeof USER_LOG_ACTIONS)[number];

/** `ok`: the action took place; `refused`: it was answered with an error (see `code`). */
export const USER_LOG_OUTCOMES = ['ok', 'refused'] as const;
export type UserLogOutcome = (typeof USER_LOG_OUTCOMES)[number];

/** i18n key of an action's label (`userLog.action.login_failed`). */
export function userLogActionKey(action: UserLogAction): string {
  return `userLog.action.${action}`;
}

/** The web page that shows a target, if any (a path of the route table; the reader's access decides the link). */
export function userLogTargetPath(target: { kind: string; id: string | null }): string | null {
  const id = target.id === null ? null : encodeURIComponent(target.id);
  switch (target.kind) {
    case 'flightOrder':
      return id === null ? null : `/flight/orders/${id}`;
    case 'groupOrder':
      return id === null ? null : `/flight/group/order/${id}`;
    case 'trainOrder':
      return id === null ? '/train/orders' : `/train/orders?id=${id}`;
    case 'disruption':
      return '/flight/orders/disruptions';
    case 'user':
      return '/users';
    case 'agency':
      return '/agency-manager';
    default:
      return null;
  }
}
