import { Alert, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { infantAdults } from '@portal/domain/ancillaries';
import { isApiError } from '../../../shared/api/api-error';
import { extrasAmount, toSelections, type AncillaryChoice } from '../../../shared/flight/ancillary-choice';
import { PassengerAncillaries } from '../../../shared/flight/passenger-ancillaries';
import { usePriceDisplay } from '../../../shared/flight/use-price-display';
import { useOrderAncillaries, usePurchaseAncillaries } from '../api/ancillaries';
import { useOpenCreatedOrder, type AfterSalesDialogProps } from './after-sales-dialog';

/**
 * Seats and bags bought after issue: the seat maps and bags the supplier sells now, per passenger;
 * buying makes a purchase order to pay (its page opens).
 */
export function AddAncillariesDialog({ order, open, onClose }: AfterSalesDialogProps) {
  const { t } = useTranslation();
  const offer = useOrderAncillaries(order.id, open);
  const purchase = usePurchaseAncillaries(order.id);
  const [choice, setChoice] = useState<AncillaryChoice>({});
  const [error, setError] = useState<string | null>(null);
  const price = usePriceDisplay(order.price.orderTotal.currency);
  const opened = useOpenCreatedOrder(onClose);
  const types = order.passengers.map((p) => p.type);
  const holding = infantAdults(types);
  const selections = toSelections(choice);
  const extras = offer.data ? extrasAmount(choice, offer.data, order.price.orderTotal.currency) : '0';

  const buy = () => {
    setError(null);
    purchase.mutate(
      { selections },
      {
        onSuccess: opened,
        onError: (e) => {
          const errors = isApiError(e)
            ? (e.data as { errors?: { key?: string; params?: Record<string, string | number> }[] } | null)
                ?.errors
            : undefined;
          setError(
            errors?.length
              ? errors.map((x) => t(`booking.rules.${x.key ?? ''}`, x.params ?? {})).join(' ')
              : e instanceof Error
                ? e.message
                : t('booking.submitFailed'),
          );
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      width={900}
      title={t('booking.ancillaries.addTitle')}
      onCancel={onClose}
      onOk={buy}
      okText={t('booking.ancillaries.buy', { amount: `${price.format(extras)} ${price.currency}` })}
      okButtonProps={{ disabled: selections.length === 0, loading: purchase.isPending }}
    >
      {offer.isError && <Alert type="warning" showIcon title={t('ancillary.error.notSold')} />}
      {error && <Alert type="error" showIcon title={error} />}
      {offer.data && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('booking.ancillaries.afterIssueHint')}</Typography.Text>
          {types.map((type, i) => (
            <PassengerAncillaries
              key={i}
              index={i}
              type={type}
              holdsInfant={holding.has(i)}
              segments={order.segments}
              offer={offer.data}
              currency={order.price.orderTotal.currency}
              choice={choice}
              onChange={(next) => setChoice({ ...choice, [i]: next })}
            />
          ))}
        </Space>
      )}
    </Modal>
  );
}
