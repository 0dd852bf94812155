import { Button, Popconfirm } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlightOrder } from '@portal/domain/flight-order';
import { changeOffered } from '@portal/domain/after-sales-reasons';
import type { FlightOrderAction } from '@portal/domain/flight-order-actions';
import { useCancelOrder } from '../api/flight-orders';
import { toast } from '../../../shared/ui/message-bridge';
import { MountOnceOpened } from '../../../shared/ui/mount-once-opened';

// Each dialog loads when opened: with its search form, date picker, tables and document upload it
// is most of the order page's weight, and most visits open none.
const ChangeDialog = lazy(async () => ({ default: (await import('./change-dialog')).ChangeDialog }));
const RefundDialog = lazy(async () => ({ default: (await import('./refund-dialog')).RefundDialog }));
const VoidDialog = lazy(async () => ({ default: (await import('./void-dialog')).VoidDialog }));
// The refund confirmation (antd's Modal) loads when first asked for.
const ConfirmRefundDialog = lazy(async () => ({
  default: (await import('./confirm-refund-dialog')).ConfirmRefundDialog,
}));

/** The after-sales actions this component offers; pay and cancel stay with the payment buttons. */
export const AFTER_SALES_ACTIONS = [
  'change',
  'refund',
  'void',
  'confirm-refund',
  'cancel-change',
  'cancel-refund',
] as const satisfies readonly FlightOrderAction[];

type Dialog = 'change' | 'refund' | 'void' | 'confirm-refund' | null;

/** Buttons for exactly the after-sales actions the API allows on this order, and their dialogs. */
export function AfterSalesActions({ order }: { order: FlightOrder }) {
  const { t } = useTranslation();
  const message = toast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancel = useCancelOrder(order.id);
  const allowed = (action: FlightOrderAction) => order.allowedActions.includes(action);
  const close = () => setDialog(null);

  const cancelRequest = (kind: 'change' | 'refund') =>
    cancel.mutateAsync().then(
      () => void message.success(t(`afterSales.${kind}.canceled`)),
      (error: Error) => void message.error(error.message || t('afterSales.cancelFailed')),
    );

  return (
    <>
      {allowed('change') &&
        changeOffered(order.voluntaryAfterSales?.change, order.disruptionOnRecord === true) && (
          <Button data-testid="order-change" onClick={() => setDialog('change')}>
            {t('afterSales.action.change')}
          </Button>
        )}
      {allowed('refund') && (
        <Button data-testid="order-refund" onClick={() => setDialog('refund')}>
          {t('afterSales.action.refund')}
        </Button>
      )}
      {allowed('void') && (
        <Button danger data-testid="order-void" onClick={() => setDialog('void')}>
          {t('afterSales.action.void')}
        </Button>
      )}
      {allowed('confirm-refund') && (
        <Button type="primary" data-testid="order-confirm-refund" onClick={() => setDialog('confirm-refund')}>
          {t('afterSales.action.confirm-refund')}
        </Button>
      )}
      {(['change', 'refund'] as const).map(
        (kind) =>
          allowed(`cancel-${kind}`) && (
            <Popconfirm
              key={kind}
              title={t(`afterSales.${kind}.cancelConfirm`)}
              okText={t('afterSales.cancelOk')}
              cancelText={t('common.cancel')}
              onConfirm={() => cancelRequest(kind)}
            >
              <Button danger data-testid={`order-cancel-${kind}`} loading={cancel.isPending}>
                {t(`afterSales.action.cancel-${kind}`)}
              </Button>
            </Popconfirm>
          ),
      )}
      <Suspense fallback={null}>
        {dialog === 'change' && <ChangeDialog order={order} open onClose={close} />}
        {dialog === 'refund' && <RefundDialog order={order} open onClose={close} />}
        {dialog === 'void' && <VoidDialog order={order} open onClose={close} />}
      </Suspense>
      <MountOnceOpened open={dialog === 'confirm-refund'}>
        <ConfirmRefundDialog order={order} open={dialog === 'confirm-refund'} onClose={close} />
      </MountOnceOpened>
    </>
  );
}
