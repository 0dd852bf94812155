import { z } from 'zod';
import { USER_LOG_TARGET_KINDS } from './user-log-route-events';

/**
 * The schemas of a user log row's target and facts. The action codes, target kinds and route table
 * are in `user-log-route-events.ts` (no zod, for the user log page), re-exported here so the API's
 * imports stay; `user-log-events.test.ts` checks that the schemas' types are the plain ones.
 */
export {
  USER_LOG_EVENTS,
  type UserLogEvent,
  isUserLogEvent,
  USER_LOG_TARGET_KINDS,
  type UserLogTargetKind,
  type RouteEvent,
  ROUTE_EVENTS,
  routeEventOf,
  eventOfCall,
  userLogTargetPath,
} from './user-log-route-events';

/** The target of an action: its kind, its id, and what a reader knows it by (booking number, username, name). */
export const UserLogTarget = z.object({
  kind: z.enum(USER_LOG_TARGET_KINDS),
  id: z.string().nullable(),
  label: z.string().nullable(),
});
export type UserLogTarget = z.infer<typeof UserLogTarget>;

/** Facts of an action the sentence names: an amount with its currency, an instalment number, a setting. */
export const UserLogFacts = z
  .object({
    /** A decimal in the currency's minor digits (`'930.00'`). */
    amount: z.string(),
    currency: z.string(),
    instalment: z.number().int(),
    setting: z.string(),
  })
  .partial();
export type UserLogFacts = z.infer<typeof UserLogFacts>;
