import type { ShoppingRequest, ShoppingStarted } from '@portal/domain/shopping';
import { startShopping } from '@portal/domain/api/shopping';
import { callApiUnchecked } from '../../../shared/api/call-api';

/**
 * POST /shopping/v2/flight/async-shopping: starts a search across suppliers and answers at once.
 * Errors are not toasted: the form shows JOURNEY_INVALID inline and the others itself.
 */
export function startSearch(request: ShoppingRequest): Promise<ShoppingStarted> {
  return callApiUnchecked(startShopping, { body: request }, { skipErrorToast: true });
}
