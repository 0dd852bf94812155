import { z } from 'zod';

/** The schemas many contracts share: an order's id in the path, no body, an empty answer. */

/** `/:id` of an order (flight, train, group): its order number. */
export const OrderIdParams = z.strictObject({ id: z.string().trim().min(1).max(64) });

/** An action without a body: none, or an empty JSON object. */
export const NoBody = z.strictObject({}).nullish();

/** An answer whose data says nothing but that the call was done: `{}`. */
export const Done = z.object({});
