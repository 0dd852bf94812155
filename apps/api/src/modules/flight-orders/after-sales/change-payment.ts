import type { FlightOrderDeps } from '../flight-orders.context';
import type { FlightPaymentRecipe } from '../flight-payable';
import { queueReissue } from './change-jobs';

/**
 * A change order's payment (its posting recipe in the one payment path): entry `change-flight`
 * under the change order's id (agency wallet or platform receivable -> markups and supplier
 * payable), then the reissue by job. The action table's `pay` rule moves it to chg_proceeding.
 */
export function changeFlightPayment(deps: Pick<FlightOrderDeps, 'timeScale'>): FlightPaymentRecipe {
  return { ledgerKind: 'change-flight', description: 'Flight change order', onPaid: queueReissue(deps) };
}
