import { Button, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUPLICATE_REASON_MAX, type DuplicateBooking } from '@portal/domain/duplicate-booking';

interface DuplicateBookingModalProps {
  /** The bookings the API named (409 DUPLICATE_BOOKING); null while there is nothing to confirm. */
  duplicates: DuplicateBooking[] | null;
  submitting: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * The duplicate-booking question of a GDS: the live bookings of the same passengers on overlapping
 * flights, and the reason to book anyway (required, at most the length the API takes).
 */
export function DuplicateBookingModal({
  duplicates,
  submitting,
  onConfirm,
  onCancel,
}: DuplicateBookingModalProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const close = () => {
    setReason('');
    onCancel();
  };
  const handleConfirm = () => {
    if (!trimmed) return;
    setReason('');
    onConfirm(trimmed);
  };

  return (
    <Modal
      open={duplicates !== null}
      title={t('booking.duplicate.title')}
      onCancel={close}
      data-testid="duplicate-booking-modal"
      footer={[
        <Button key="cancel" onClick={close}>
          {t('booking.duplicate.cancel')}
        </Button>,
        <Button key="confirm" type="primary" disabled={!trimmed} loading={submitting} onClick={handleConfirm}>
          {t('booking.duplicate.confirm')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('booking.duplicate.intro')}</Typography.Paragraph>
      <Table<DuplicateBooking>
        size="small"
        pagination={false}
        rowKey={(d) => `${d.bookingNumber}|${d.passenger}|${d.flight}|${d.date}`}
        dataSource={duplicates ?? []}
        data-testid="duplicate-bookings"
        columns={[
          { title: t('booking.duplicate.booking'), dataIndex: 'bookingNumber' },
          { title: t('booking.duplicate.passenger'), dataIndex: 'passenger' },
          { title: t('booking.duplicate.flight'), dataIndex: 'flight' },
          { title: t('booking.duplicate.date'), dataIndex: 'date' },
        ]}
      />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 4 }}>
        <label htmlFor="duplicate-reason">{t('booking.duplicate.reason')}</label>
      </Typography.Paragraph>
      <Input.TextArea
        id="duplicate-reason"
        value={reason}
        maxLength={DUPLICATE_REASON_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
        status={reason && !trimmed ? 'error' : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {reason && !trimmed && (
        <Typography.Text type="danger">{t('booking.duplicate.reasonRequired')}</Typography.Text>
      )}
    </Modal>
  );
}
