import { useNavigate } from 'react-router';
import type { FlightOrder } from '@portal/domain/flight-order';

/** What the change, refund and void dialogs get: the issued order, and closing. */
export interface AfterSalesDialogProps {
  order: FlightOrder;
  open: boolean;
  onClose: () => void;
}

/**
 * What an after-sales dialog does once its request created a new order (change, refund or void):
 * closes itself and opens that order's page.
 */
export function useOpenCreatedOrder(onClose: () => void): (created: { id: string }) => void {
  const navigate = useNavigate();
  return (created) => {
    onClose();
    void navigate(`/flight/orders/${encodeURIComponent(created.id)}`);
  };
}
