import { useQuery } from '@tanstack/react-query';
import { getPaymentStatus } from '../api/payment';

/** How often a QR payment's state is asked for while the payer scans. */
export const PAYMENT_POLL_MS = 2000;

/**
 * The state of a started outside payment, asked for every 2 seconds while it is pending; polling
 * stops once it is paid, failed or expired (or when `enabled` is false).
 */
export function usePaymentStatus(paymentId: string, enabled = true) {
  return useQuery({
    queryKey: ['flight-payment', paymentId],
    queryFn: () => getPaymentStatus(paymentId),
    enabled,
    refetchInterval: (query) =>
      (query.state.data?.status ?? 'pending') === 'pending' ? PAYMENT_POLL_MS : false,
    refetchIntervalInBackground: true,
    retry: false,
  });
}
