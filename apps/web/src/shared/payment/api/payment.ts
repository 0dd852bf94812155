import type { FlightOrder, FlightPaymentResult } from '@portal/domain/flight-order';
import type { PaymentConfig, PaymentRequest, PaymentStatusView } from '@portal/domain/payment';
import type { WalletBalance } from '@portal/domain/wallet';
import { apiGet, apiPost } from '../../api/client';

/** GET /order/v2/flight/config/payment: the channels the agency may use. */
export function getPaymentConfig(): Promise<PaymentConfig> {
  return apiGet<PaymentConfig>('/order/v2/flight/config/payment');
}

/** POST /order/v2/flight/orders/{id}/payment with the attempt's Idempotency-Key; errors are the caller's. */
export function payFlightOrder(
  order: Pick<FlightOrder, 'id'>,
  body: PaymentRequest,
  idempotencyKey: string,
): Promise<FlightPaymentResult> {
  return apiPost<FlightPaymentResult>(
    `/order/v2/flight/orders/${encodeURIComponent(order.id)}/payment`,
    body,
    { headers: { 'Idempotency-Key': idempotencyKey }, skipErrorToast: true },
  );
}

/** GET /order/v2/flight/payments/{id}: the state of a started outside payment (QR polling). */
export function getPaymentStatus(paymentId: string): Promise<PaymentStatusView> {
  return apiGet<PaymentStatusView>(`/order/v2/flight/payments/${encodeURIComponent(paymentId)}`, {
    skipErrorToast: true,
  });
}

/**
 * GET /base/v2/wallet/payment-balances: the agency's balances as whoever pays orders may read
 * them, for the confirmation of a balance payment.
 */
export function getPaymentBalances(): Promise<WalletBalance[]> {
  return apiGet<WalletBalance[]>('/base/v2/wallet/payment-balances', { skipErrorToast: true });
}
