import { z } from 'zod';
import {
  USER_LOG_ACTIONS,
  USER_LOG_OUTCOMES,
  userLogActionKey,
  type UserLogAction,
  type UserLogOutcome,
} from './user-log-actions';
import { CountWanted, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from './flight-order';
import { pagesByNumberWithin } from './paging-rules';
import { CalendarDate } from './primitives';
import { USER_LOG_EVENTS, UserLogFacts, UserLogTarget } from './user-log-events';

export { USER_LOG_ACTIONS, USER_LOG_OUTCOMES, userLogActionKey, type UserLogAction, type UserLogOutcome };

/** Filters of `GET /base/v2/user-logs` and its export; dates are calendar days of the agency's time zone, both ends included. */
export const UserLogFilters = z.strictObject({
  userId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  action: z.enum(USER_LOG_ACTIONS).optional(),
  outcome: z.enum(USER_LOG_OUTCOMES).optional(),
  dateFrom: CalendarDate.optional(),
  dateTo: CalendarDate.optional(),
});
export type UserLogFilters = z.infer<typeof UserLogFilters>;

const checkRange = (q: { dateFrom?: string | undefined; dateTo?: string | undefined }) =>
  !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;

/**
 * A user log cursor: the row's time in microseconds since 1970 and the row's id (its `next`, the
 * next page's `after`). Both fit a PostgreSQL bigint.
 */
export const USER_LOG_CURSOR = /^\d{1,17}_\d{1,18}$/;

/**
 * Rows beyond this many are not counted (an agency's log grows by about two rows an order): the
 * total then reads "10,000+" (`totalCapped`), as the order list's and the booking records' do.
 */
export const USER_LOG_COUNT_CAP = 10_000;

/** Query of `GET /base/v2/user-logs`: the filters, `page` and `pageSize` (newest first). */
export const UserLogListQuery = UserLogFilters.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /**
   * The `next` of the page before, to read `page` as the rows after that page's last one (keyset
   * paging: a deep page reads like a first one, and rows written meanwhile do not shift it).
   */
  after: z.string().regex(USER_LOG_CURSOR).optional(),
  /** `false`: the page without the count (`CountWanted`). */
  count: CountWanted,
})
  .refine(checkRange, { path: ['dateTo'], message: 'range' })
  // Pages by number up to the counted rows (500 at 20 a page, the pager's last at "10,000+");
  // past them the log pages on by cursor.
  .superRefine(pagesByNumberWithin(USER_LOG_COUNT_CAP));
export type UserLogListQuery = z.infer<typeof UserLogListQuery>;

/** Body of `POST /base/v2/user-logs/export`: the list's filters. */
export const UserLogExportBody = UserLogFilters.refine(checkRange, { path: ['dateTo'], message: 'range' });
export type UserLogExportBody = z.infer<typeof UserLogExportBody>;

/** One row of the user log. */
export const UserLogEntry = z.object({
  id: z.string(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.enum(USER_LOG_ACTIONS),
  /** `POST`, `PUT`, `PATCH` or `DELETE` for a recorded call. */
  method: z.string().nullable(),
  /** The route pattern of a recorded call (`/base/v2/users/:id`). */
  route: z.string().nullable(),
  /** The raw id the action addressed, if any. */
  target: z.string().nullable(),
  /**
   * What the row did (`user-log-events.ts`): recorded with the row, or for rows written before
   * actions were recorded, the action its route maps to. Null for logins and unnamed routes.
   */
  event: z.enum(USER_LOG_EVENTS).nullable(),
  /** The target with its kind and the label it had when recorded (null label on older rows). */
  targetRef: UserLogTarget.nullable(),
  /** Amount, currency and the like the sentence names. */
  facts: UserLogFacts.nullable(),
  outcome: z.enum(USER_LOG_OUTCOMES),
  /** The error code of a refusal (the HTTP status when the refusal had no catalogue code). */
  code: z.number().int().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type UserLogEntry = z.infer<typeof UserLogEntry>;

/**
 * A page of the log; `totalCapped` when more than `USER_LOG_COUNT_CAP` rows match (`total` is the
 * cap); `next` (a full page) is its last row's cursor, the next page's `after`.
 */
export const UserLogPage = pageOf(UserLogEntry).extend({
  /** Absent when the query said `count=false`. */
  total: z.number().int().min(0).optional(),
  totalCapped: z.boolean().optional(),
  next: z.string().optional(),
});
export type UserLogPage = z.infer<typeof UserLogPage>;
