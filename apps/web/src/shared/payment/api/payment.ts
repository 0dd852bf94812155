import type { FlightOrder, FlightPaymentResult } from '@portal/domain/flight-order';
import type { PaymentConfig, PaymentRequest, PaymentStatusView } from '@portal/domain/payment';
import type * as paymentsApi from '@portal/domain/api/payments';
import type { listPaymentBalances } from '@portal/domain/api/wallet';
import type { WalletBalance } from '@portal/domain/wallet';
import { callApi } from '../../api/call-api';

/** GET /order/v2/flight/config/payment: the channels the agency may use. */
export function getPaymentConfig(): Promise<PaymentConfig> {
  return callApi<typeof paymentsApi.getPaymentConfig>(
    { method: 'GET', path: '/order/v2/flight/config/payment' },
    {},
  );
}

/** POST /order/v2/flight/orders/{id}/payment with the attempt's Idempotency-Key; errors are the caller's. */
export function payFlightOrder(
  order: Pick<FlightOrder, 'id'>,
  body: PaymentRequest,
  idempotencyKey: string,
): Promise<FlightPaymentResult> {
  return callApi<typeof paymentsApi.payFlightOrder>(
    { method: 'POST', path: '/order/v2/flight/orders/:id/payment' },
    { params: { id: order.id }, body },
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}

/** GET /order/v2/flight/payments/{id}: the state of a started outside payment (QR polling). */
export function getPaymentStatus(paymentId: string): Promise<PaymentStatusView> {
  return callApi<typeof paymentsApi.getPayment>(
    { method: 'GET', path: '/order/v2/flight/payments/:id' },
    { params: { id: paymentId } },
    { skipErrorToast: true },
  );
}

/**
 * GET /base/v2/wallet/payment-balances: the agency's balances as whoever pays orders may read
 * them, for the confirmation of a balance payment.
 */
export function getPaymentBalances(): Promise<WalletBalance[]> {
  return callApi<typeof listPaymentBalances>(
    { method: 'GET', path: '/base/v2/wallet/payment-balances' },
    {},
    { skipErrorToast: true },
  );
}
