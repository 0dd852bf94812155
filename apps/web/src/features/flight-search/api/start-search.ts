import type { ShoppingRequest, ShoppingStarted } from '@portal/domain/shopping';
import type { startShopping } from '@portal/domain/api/shopping';
import { callApi } from '../../../shared/api/call-api';

/**
 * POST /shopping/v2/flight/async-shopping: starts a search across suppliers and answers at once.
 * Errors are not toasted: the form shows JOURNEY_INVALID inline and the others itself.
 */
export function startSearch(request: ShoppingRequest): Promise<ShoppingStarted> {
  return callApi<typeof startShopping>(
    { method: 'POST', path: '/shopping/v2/flight/async-shopping' },
    { body: request },
    { skipErrorToast: true },
  );
}
