import { errorMessage } from './error-messages';
import { errorByCode } from './errors';
import type { Locale } from './locale';
import { formatPrice } from './price-display';
import type { UserLogEntry } from './user-log';
import {
  routeEventOf,
  type UserLogEvent,
  type UserLogFacts,
  type UserLogTarget,
} from './user-log-route-events';

/**
 * A user log row in the reader's words. The templates are the web's locale section `userLog.event`
 * (OK rows) and `userLog.failed` (refused rows), which the API reads too for the export, so the
 * screen and the Excel file say the same. `{{target}}` is the booking number, username or name the
 * row's target had when it was recorded (its id when it had none, a generic noun when not even that).
 */
export type Translate = (key: string, vars?: Record<string, string>) => string;

/** The key fragment of an event (`order.pay.balance` → `order_pay_balance`). */
export const eventKeyOf = (event: UserLogEvent) => event.replaceAll('.', '_');

/** Actions written by name (not through a route) that have their own sentence. */
const NAMED = ['login', 'login_failed', 'logout', 'sso_login', 'password_change'] as const;
const isNamed = (action: string): action is (typeof NAMED)[number] =>
  (NAMED as readonly string[]).includes(action);

/** Methods with a generic sentence for a route the table does not name. */
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const methodOf = (method: string | null) =>
  METHODS.find((m) => m === method?.toUpperCase()) ?? ('POST' as const);

/** The row's event: stored, else (rows written before events were) the one its route maps to. */
export function eventOfEntry(entry: Pick<UserLogEntry, 'event' | 'method' | 'route'>): UserLogEvent | null {
  return entry.event ?? routeEventOf(entry.method, entry.route)?.event ?? null;
}

/** The row's target: stored, else its kind from the route and the raw id (older rows). */
export function targetOfEntry(
  entry: Pick<UserLogEntry, 'targetRef' | 'method' | 'route' | 'target'>,
): UserLogTarget | null {
  if (entry.targetRef) return entry.targetRef;
  const kind = routeEventOf(entry.method, entry.route)?.target;
  return kind ? { kind, id: entry.target, label: null } : null;
}

function factVars(facts: UserLogFacts | null, translate: Translate): Record<string, string> {
  const vars: Record<string, string> = { amount: '', amountPart: '', instalment: '', setting: '' };
  if (facts?.amount !== undefined) {
    const amount = [facts.currency, formatPrice(facts.amount)].filter(Boolean).join(' ');
    vars.amount = amount;
    vars.amountPart = translate('userLog.words.amountPart', { amount });
  }
  if (facts?.instalment !== undefined) vars.instalment = String(facts.instalment);
  if (facts?.setting !== undefined) vars.setting = facts.setting;
  return vars;
}

/** The template key and values of a row's sentence; `vars.target` is the target's text. */
export function userLogSentenceParts(
  entry: UserLogEntry,
  translate: Translate,
): { key: string; vars: Record<string, string>; target: UserLogTarget | null } {
  const failed = entry.outcome === 'refused';
  const section = failed ? 'userLog.failed' : 'userLog.event';
  const event = eventOfEntry(entry);
  const target = targetOfEntry(entry);
  const vars = factVars(entry.facts, translate);
  vars.target = target?.label ?? target?.id ?? translate(`userLog.kind.${target?.kind ?? 'none'}`);
  if (event) return { key: `${section}.${eventKeyOf(event)}`, vars, target };
  if (isNamed(entry.action)) return { key: `${section}.${entry.action}`, vars, target };
  vars.route = entry.route ?? '';
  return { key: `${section}.generic_${methodOf(entry.method)}`, vars, target };
}

/** Why a refused row failed, in `locale`: the error code's message, else the HTTP status. */
export function userLogReason(entry: UserLogEntry, locale: Locale, translate: Translate): string | null {
  if (entry.outcome !== 'refused') return null;
  const known = entry.code === null ? undefined : errorByCode(entry.code);
  if (known) return errorMessage(known.key, locale);
  return translate('userLog.words.reasonCode', { code: entry.code === null ? '' : String(entry.code) });
}

/** The row as one plain sentence (the export's cell), the reason of a refusal after it. */
export function userLogSentence(entry: UserLogEntry, locale: Locale, translate: Translate): string {
  const { key, vars } = userLogSentenceParts(entry, translate);
  const sentence = translate(key, vars);
  const reason = userLogReason(entry, locale, translate);
  return reason === null ? sentence : translate('userLog.words.withReason', { sentence, reason });
}
