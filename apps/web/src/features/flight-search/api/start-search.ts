import type { ShoppingRequest, ShoppingStarted } from '@portal/domain/shopping';
import { apiPost } from '../../../shared/api/client';

/**
 * POST /shopping/v2/flight/async-shopping: starts a search across suppliers and answers at once.
 * Errors are not toasted: the form shows JOURNEY_INVALID inline and the others itself.
 */
export function startSearch(request: ShoppingRequest): Promise<ShoppingStarted> {
  return apiPost<ShoppingStarted>('/shopping/v2/flight/async-shopping', request, { skipErrorToast: true });
}
