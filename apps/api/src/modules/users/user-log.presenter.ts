import { USER_LOG_ACTIONS, type UserLogAction, type UserLogEntry } from '@portal/domain/user-log';
import type { UserLogRow } from './user-log.repo';

function isAction(action: string): action is UserLogAction {
  return (USER_LOG_ACTIONS as readonly string[]).includes(action);
}

/** An action read from the table; a name no longer in the catalogue shows as a generic call. */
function actionOf(action: string): UserLogAction {
  return isAction(action) ? action : 'call';
}

/** A user log row as the API shows it. */
export function presentUserLog(row: UserLogRow): UserLogEntry {
  return {
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    username: row.username,
    action: actionOf(row.action),
    method: row.method,
    route: row.route,
    target: row.target,
    outcome: row.outcome === 'refused' ? 'refused' : 'ok',
    code: row.code,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}
