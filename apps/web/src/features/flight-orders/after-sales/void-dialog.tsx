import { Alert, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoidRequest } from '@portal/domain/after-sales';
import { useRequestVoid } from '../api/after-sales';
import { timestamp } from '../lib/format';
import { PassengerPicker } from './selection-tables';
import { useOpenCreatedOrder, type AfterSalesDialogProps } from './after-sales-dialog';

/**
 * Void of an issued order inside its window: says that the agency's void service fee is kept
 * and when the window closes, lets the agent narrow the passengers, and opens the new void order.
 */
export function VoidDialog({ order, open, onClose }: AfterSalesDialogProps) {
  const { t } = useTranslation();
  const openCreated = useOpenCreatedOrder(onClose);
  const allIds = order.passengers.map((p) => p.id);
  const [passengerIds, setPassengerIds] = useState<string[]>(allIds);
  const [remark, setRemark] = useState('');
  const [tried, setTried] = useState(false);
  const voiding = useRequestVoid(order.id);

  const submit = () => {
    setTried(true);
    if (passengerIds.length === 0) return;
    const whole = passengerIds.length === allIds.length;
    const body: VoidRequest = {
      ...(whole ? {} : { passengerIds }),
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    };
    voiding.mutate(body, { onSuccess: openCreated });
  };

  return (
    <Modal
      open={open}
      title={t('afterSales.void.title')}
      width={680}
      destroyOnHidden
      okText={t('afterSales.void.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: voiding.isPending, 'data-testid': 'void-submit' }}
      onOk={submit}
      onCancel={onClose}
    >
      <div data-testid="void-dialog">
        <Alert
          type="warning"
          showIcon
          data-testid="void-note"
          title={t('afterSales.void.feeNote')}
          description={
            order.voidDeadline
              ? t('afterSales.void.windowEnd', { time: timestamp(order.voidDeadline) })
              : undefined
          }
          style={{ marginBottom: 16 }}
        />
        <PassengerPicker
          passengers={order.passengers}
          value={passengerIds}
          onChange={setPassengerIds}
          error={tried && passengerIds.length === 0 ? t('afterSales.form.choosePassenger') : null}
        />
        <Typography.Text strong>{t('afterSales.form.remark')}</Typography.Text>
        <Input.TextArea
          value={remark}
          maxLength={500}
          rows={2}
          aria-label={t('afterSales.form.remark')}
          onChange={(e) => setRemark(e.target.value)}
          style={{ marginBottom: 12 }}
        />
        {voiding.error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="void-error"
            title={voiding.error.message || t('afterSales.void.failed')}
          />
        )}
      </div>
    </Modal>
  );
}
