import { Alert, Button, Drawer, Form, Space, Steps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainOffer, TrainSeat } from '@portal/domain/rail';
import type { TrainOrder } from '@portal/domain/train-order';
import { MAX_TRAIN_PASSENGERS } from '@portal/domain/train-passengers';
import { RAIL_CALENDAR_TIME_ZONE, todayIn } from '@portal/domain/time-zone-names';
import { loadPhoneCheck } from '../../../shared/passengers/model/phone-check';
import { createTrainOrder } from '../api/train-orders';
import {
  bookingErrors,
  EMPTY_PASSENGER,
  ruleMessageKey,
  toCreateBody,
  type BookingValues,
} from '../lib/booking-form';
import { BookingReview } from './booking-review';
import { ContactFields } from './contact-fields';
import { PayOrder } from './pay-order';
import { TrainPassengerFields } from './train-passenger-fields';

type Step = 'fill' | 'review' | 'pay';

/**
 * The booking of a train's seat class: passengers and a contact, a review, then the order is
 * booked (one Idempotency-Key per attempt) and paid with the balance after a confirmation.
 */
export function TrainBookingDrawer({
  train,
  seat,
  onClose,
  onDone,
}: {
  train: TrainOffer;
  seat: TrainSeat;
  onClose: () => void;
  onDone: (orderId: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [step, setStep] = useState<Step>('fill');
  const [values, setValues] = useState<BookingValues | null>(null);
  const [order, setOrder] = useState<TrainOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [booking, setBooking] = useState(false);
  const attemptKey = useRef<string | null>(null);

  const handleReview = async (filled: BookingValues) => {
    // The railway's day (Beijing's), which the API checks the passengers against.
    const ctx = { today: todayIn(RAIL_CALENDAR_TIME_ZONE), travelDate: train.departure.time.slice(0, 10) };
    const broken = bookingErrors(filled, ctx, await loadPhoneCheck());
    if (broken.length > 0) {
      // One field may break several rules: show them all.
      const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
      for (const { name, error: e } of broken) {
        const key = name.join('.');
        const field = byField.get(key) ?? { name, errors: [] };
        field.errors.push(t(ruleMessageKey(e), e.params));
        byField.set(key, field);
      }
      form.setFields([...byField.values()]);
      return;
    }
    // A new review is a new attempt: its body may differ from the last one.
    attemptKey.current = null;
    setValues(filled);
    setStep('review');
  };

  const handleBook = async () => {
    if (!values) return;
    setBooking(true);
    setError(null);
    attemptKey.current ??= crypto.randomUUID();
    try {
      setOrder(await createTrainOrder(toCreateBody(values, train.id, seat), attemptKey.current));
      setStep('pay');
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('common.unknownError'));
    } finally {
      setBooking(false);
    }
  };

  return (
    <Drawer
      open
      size={760}
      title={t('trainBooking.book.title', { train: train.trainNumber })}
      onClose={onClose}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Steps
          size="small"
          current={['fill', 'review', 'pay'].indexOf(step)}
          items={[
            { title: t('trainBooking.book.steps.passengers') },
            { title: t('trainBooking.book.steps.review') },
            { title: t('trainBooking.book.steps.pay') },
          ]}
        />
        {error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('trainBooking.book.failed')}
            description={error}
          />
        )}
        <Form<BookingValues>
          form={form}
          layout="vertical"
          data-testid="train-booking-form"
          hidden={step !== 'fill'}
          initialValues={{ passengers: [EMPTY_PASSENGER], contact: { phone: { areaCode: '86' } } }}
          onFinish={handleReview}
        >
          <Form.List name="passengers">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((field, index) => (
                  <TrainPassengerFields
                    key={field.key}
                    index={index}
                    fieldName={field.name}
                    onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
                  />
                ))}
                <Button disabled={fields.length >= MAX_TRAIN_PASSENGERS} onClick={() => add(EMPTY_PASSENGER)}>
                  {t('trainBooking.book.addPassenger', { max: MAX_TRAIN_PASSENGERS })}
                </Button>
              </Space>
            )}
          </Form.List>
          <ContactFields />
          <Button type="primary" htmlType="submit" style={{ marginTop: 16 }}>
            {t('trainBooking.book.toReview')}
          </Button>
        </Form>
        {step === 'review' && values && (
          <BookingReview train={train} seat={seat} values={values}>
            <Space>
              <Button onClick={() => setStep('fill')}>{t('trainBooking.book.back')}</Button>
              <Button type="primary" loading={booking} onClick={() => void handleBook()}>
                {t('trainBooking.book.submit')}
              </Button>
            </Space>
          </BookingReview>
        )}
        {step === 'pay' && order && <PayOrder order={order} onDone={() => onDone(order.id)} />}
      </Space>
    </Drawer>
  );
}
