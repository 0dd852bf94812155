import { USER_LOG_ACTIONS, type UserLogAction, type UserLogEntry } from '@portal/domain/user-log';
import {
  isUserLogEvent,
  USER_LOG_TARGET_KINDS,
  UserLogFacts,
  type UserLogTarget,
  type UserLogTargetKind,
} from '@portal/domain/user-log-events';
import { eventOfEntry, targetOfEntry } from '@portal/domain/user-log-words';
import type { UserLogRow } from './user-log.repo';

function isAction(action: string): action is UserLogAction {
  return (USER_LOG_ACTIONS as readonly string[]).includes(action);
}

/** An action read from the table; a name no longer in the catalogue shows as a generic call. */
function actionOf(action: string): UserLogAction {
  return isAction(action) ? action : 'call';
}

const isKind = (kind: string | null): kind is UserLogTargetKind =>
  (USER_LOG_TARGET_KINDS as readonly (string | null)[]).includes(kind);

/** The stored target, when the row recorded its kind. */
function targetRefOf(row: UserLogRow): UserLogTarget | null {
  return isKind(row.targetKind) ? { kind: row.targetKind, id: row.target, label: row.targetLabel } : null;
}

/**
 * A user log row as the API shows it. A row written before actions were recorded (no `event`)
 * gets the action and target kind of its route, so it reads in words too, without a label.
 */
export function presentUserLog(row: UserLogRow): UserLogEntry {
  const stored = {
    event: isUserLogEvent(row.event) ? row.event : null,
    targetRef: targetRefOf(row),
    method: row.method,
    route: row.route,
    target: row.target,
  };
  const facts = UserLogFacts.safeParse(row.facts ?? undefined);
  return {
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    username: row.username,
    action: actionOf(row.action),
    method: row.method,
    route: row.route,
    target: row.target,
    event: eventOfEntry(stored),
    targetRef: targetOfEntry(stored),
    facts: facts.success && facts.data ? facts.data : null,
    outcome: row.outcome === 'refused' ? 'refused' : 'ok',
    code: row.code,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}
