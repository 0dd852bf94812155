import type { ShoppingRequest, ShoppingStarted } from '@portal/domain/shopping';
import { startShopping } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';

/**
 * POST /shopping/v2/flight/async-shopping: starts a search across suppliers and answers at once.
 * Errors are not toasted: the form shows JOURNEY_INVALID inline and the others itself.
 */
export function startSearch(request: ShoppingRequest): Promise<ShoppingStarted> {
  return callApi(startShopping, { body: request }, { skipErrorToast: true });
}
