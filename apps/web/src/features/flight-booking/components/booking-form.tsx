import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Modal, Row, Space, Typography } from 'antd';
import type { FormRule } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PASSENGER_TEXT_MAX } from '@portal/domain/name-patterns';
import { DuplicateBookingData, type DuplicateBooking } from '@portal/domain/duplicate-booking';
import { ERRORS } from '@portal/domain/errors';
import type { FlightOrder } from '@portal/domain/flight-order';
import { validateContact, type PassengerContext } from '@portal/domain/passenger-checks';
import type { PassengerType, Solution, VerificationResult } from '@portal/domain/shopping';
import { isApiError } from '../../../shared/api/api-error';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { usePriceDisplay } from '../../../shared/flight/use-price-display';
import { useFlightSearchStore } from '../../../shared/stores/flight-search-store';
import { useSessionStore } from '../../../shared/stores/session-store';
import { toast } from '../../../shared/ui/message-bridge';
import { FREQUENT_PASSENGERS_KEY, saveFrequentPassenger } from '../../../shared/passengers/api/passengers';
import { PassengerCard } from '../../../shared/passengers/components/passenger-card';
import { loadPhoneCheck } from '../../../shared/passengers/model/phone-check';
import {
  CONTACT_FIELD_OF_PATH,
  FIELD_OF_PATH,
  ruleMessageKey,
  toBookingContact,
  toBookingPassenger,
  toContactDraft,
  type ContactFormValue,
  type PassengerFormValue,
} from '../../../shared/passengers/model/passenger-form';
import { bookingErrorText, type BookingFieldError } from '../../../shared/passengers/model/server-errors';
import { createFlightOrder } from '../api/create-order';
import { useSolutionAncillaries } from '../api/get-ancillaries';
import { toSelections, type AncillaryChoice } from '../../../shared/flight/ancillary-choice';
import { prefillPassengers, readPnrPassengers } from '../model/pnr-prefill';
import { DuplicateBookingModal } from './duplicate-booking-modal';

interface BookingValues {
  passengers: PassengerFormValue[];
  contact: ContactFormValue;
}

// Seats and bags (seat maps, their keyboard grid) load with the supplier's answer, after the form:
// the page's first JavaScript stays the form's.
const AncillariesCard = lazy(() =>
  import('./ancillaries-card').then((m) => ({ default: m.AncillariesCard })),
);
/** The passenger types of a solution's price list, one entry per passenger. */
export function passengerSlots(solution: Solution): PassengerType[] {
  return solution.priceDetail.priceList.flatMap((row) =>
    Array.from({ length: row.count }, () => row.passengerType),
  );
}

/**
 * Passengers and contact of the booking (spec §5), checked with the domain rules, then the order.
 * A changed quote asks to accept the new price; a possible duplicate asks for the reason to book
 * anyway, then books again with it; server rule errors land on their fields.
 */
export function BookingForm({
  solution,
  onCreated,
}: {
  solution: Solution;
  onCreated: (order: FlightOrder) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BookingValues>();
  const defaultArea = useSessionStore((s) => s.userInfo?.config.defaultRegion) ?? '86';
  const [submitting, setSubmitting] = useState(false);
  const [changed, setChanged] = useState<VerificationResult | null>(null);
  const [duplicates, setDuplicates] = useState<{ target: Solution; list: DuplicateBooking[] } | null>(null);
  /** The agent's reason to book a possible duplicate: sent again with this form until it changes. */
  const duplicateReason = useRef<string | null>(null);
  // The old and new totals as every other price of the page: the user's display currency, grouped.
  const price = usePriceDisplay(solution.priceDetail.total.currency);
  const money = (amount: string) => `${price.currency} ${price.format(amount)}`;
  /** The Idempotency-Key of the current form: reused when the same form is sent again. */
  const attemptKey = useRef<string | null>(null);
  const slots = useMemo(() => passengerSlots(solution), [solution]);
  const ancillaries = useSolutionAncillaries(solution.id);
  const [choice, setChoice] = useState<AncillaryChoice>({});
  const search = useFlightSearchStore((s) => s.search);
  const firstPassengers = useMemo(() => prefillPassengers(slots, readPnrPassengers(search)), [slots, search]);
  // Birthdays and document expiry are judged on the agency's day, as the API judges them.
  const today = useAgencyToday();
  const ctx: PassengerContext = useMemo(
    () => ({
      today,
      travelDate: solution.legs[0]?.segments[0]?.departure.time.slice(0, 10) ?? today,
      fare: solution.restrictions,
    }),
    [solution, today],
  );

  const contactRule = (field: keyof ContactFormValue): FormRule => ({
    validator: async () => {
      const value = form.getFieldValue('contact') as ContactFormValue | undefined;
      const error = validateContact(toContactDraft(value), await loadPhoneCheck()).find(
        (e) => CONTACT_FIELD_OF_PATH[e.path] === field,
      );
      if (error) throw new Error(t(ruleMessageKey(error), error.params));
    },
  });

  const showServerErrors = (errors: BookingFieldError[]) => {
    const fields = errors.flatMap((e) => {
      const parts = e.path.split('.');
      const message = bookingErrorText(t, e, t('booking.submitFailed'));
      if (parts[0] === 'passengers' && parts[1] !== undefined && /^\d+$/.test(parts[1])) {
        const field = FIELD_OF_PATH[parts.slice(2).join('.')];
        return field ? [{ name: ['passengers', Number(parts[1]), field], errors: [message] }] : [];
      }
      if (parts[0] === 'contact') {
        const field = CONTACT_FIELD_OF_PATH[parts.slice(1).join('.')];
        return field ? [{ name: ['contact', field], errors: [message] }] : [];
      }
      return [];
    });
    const extras = errors.filter((e) => e.path.startsWith('ancillaries.') && e.key);
    if (fields.length > 0) form.setFields(fields as Parameters<typeof form.setFields>[0]);
    else if (extras.length > 0) {
      void toast().error(extras.map((e) => t(`booking.rules.${e.key ?? ''}`, e.params)).join(' '));
    } else void toast().error(t(ERRORS.PASSENGER_INVALID.key));
  };

  const submit = async (target: Solution) => {
    let values: BookingValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const passengers = values.passengers.map((p, i) => ({ ...p, type: slots[i] ?? p.type }));
    attemptKey.current ??= crypto.randomUUID();
    const selections = toSelections(choice);
    setSubmitting(true);
    try {
      const order = await createFlightOrder(
        {
          solutionId: target.id,
          passengers: passengers.map(toBookingPassenger),
          contact: toBookingContact(values.contact, defaultArea),
          ...(duplicateReason.current ? { duplicateConfirmed: { reason: duplicateReason.current } } : {}),
          // Seats and bags were priced on this solution: a changed quote books without them.
          ...(target.id === solution.id && selections.length > 0 ? { ancillaries: selections } : {}),
        },
        attemptKey.current,
      );
      attemptKey.current = null;
      // The order lists and the pending-group counts now include the new order.
      void queryClient.invalidateQueries({ queryKey: ['flight-orders'] });
      for (const p of passengers.filter((x) => x.saveFrequent)) {
        const { type: _type, ...body } = toBookingPassenger(p);
        saveFrequentPassenger(body)
          .then(() => queryClient.invalidateQueries({ queryKey: FREQUENT_PASSENGERS_KEY }))
          .catch(() => {
            void toast().warning(
              t('booking.frequent.saveFailed', { name: `${body.surname}/${body.given_names}` }),
            );
          });
      }
      onCreated(order);
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.QUOTE_CHANGED.code) {
        attemptKey.current = null;
        setChanged(error.data as VerificationResult);
      } else if (isApiError(error) && error.code === ERRORS.DUPLICATE_BOOKING.code) {
        attemptKey.current = null;
        const parsed = DuplicateBookingData.safeParse(error.data);
        if (parsed.success) setDuplicates({ target, list: parsed.data.duplicates });
        else void toast().error(error.message);
      } else if (isApiError(error) && Array.isArray((error.data as { errors?: unknown })?.errors)) {
        attemptKey.current = null;
        showServerErrors((error.data as { errors: BookingFieldError[] }).errors);
      } else if (!isApiError(error) || !error.silent) {
        void toast().error(
          error instanceof Error && error.message ? error.message : t('booking.submitFailed'),
        );
      }
    } finally {
      setSubmitting(false);
    }
  };

  const bookAnyway = (reason: string) => {
    const target = duplicates?.target;
    setDuplicates(null);
    if (!target) return;
    duplicateReason.current = reason;
    void submit(target);
  };

  const acceptNewPrice = () => {
    const next = changed?.solution;
    setChanged(null);
    if (!next) return;
    useFlightSearchStore.getState().setVerified({ solution: next, clearPassengers: false });
    void submit(next);
  };

  return (
    <Form<BookingValues>
      form={form}
      layout="vertical"
      data-testid="booking-form"
      scrollToFirstError={{ behavior: 'smooth', block: 'center' }}
      initialValues={{
        passengers: firstPassengers,
        contact: { areaCode: defaultArea },
      }}
      onValuesChange={() => {
        attemptKey.current = null;
        duplicateReason.current = null;
      }}
      onFinish={() => void submit(solution)}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {slots.map((type, i) => (
          <PassengerCard key={i} form={form} index={i} type={type} ctx={ctx} />
        ))}
        {ancillaries.data && (
          <Suspense fallback={null}>
            <AncillariesCard
              solution={solution}
              offer={ancillaries.data}
              slots={slots}
              choice={choice}
              onChange={(next) => {
                attemptKey.current = null;
                setChoice(next);
              }}
            />
          </Suspense>
        )}
        <Card
          title={
            <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
              {t('booking.contact.title')}
            </Typography.Title>
          }
          data-testid="contact-card"
        >
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                required
                label={t('booking.contact.name')}
                name={['contact', 'name']}
                rules={[contactRule('name')]}
              >
                <Input maxLength={PASSENGER_TEXT_MAX.contactName} autoComplete="name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                required
                label={t('booking.contact.email')}
                name={['contact', 'email']}
                rules={[contactRule('email')]}
              >
                <Input autoComplete="email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('booking.contact.phone')} required>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name={['contact', 'areaCode']} noStyle>
                    <Input prefix="+" style={{ width: 90 }} aria-label={t('booking.contact.areaCode')} />
                  </Form.Item>
                  <Form.Item
                    name={['contact', 'phone']}
                    noStyle
                    rules={[contactRule('phone')]}
                    dependencies={[['contact', 'areaCode']]}
                  >
                    <Input aria-label={t('booking.contact.phone')} autoComplete="tel-national" />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting} data-testid="submit-booking">
            {t('booking.submit')}
          </Button>
          <Button onClick={() => void navigate('/flight/booking')}>
            {t('flight.confirm.backToResults')}
          </Button>
        </Space>
      </Space>
      <Modal
        open={changed !== null}
        title={t('booking.quoteChanged.title')}
        onCancel={() => setChanged(null)}
        footer={[
          <Button key="back" onClick={() => void navigate('/flight/booking')}>
            {t('booking.quoteChanged.back')}
          </Button>,
          <Button key="accept" type="primary" onClick={acceptNewPrice} disabled={!changed?.solution}>
            {t('booking.quoteChanged.accept')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t(ERRORS.QUOTE_CHANGED.key)}</Typography.Paragraph>
        <p>
          {t('booking.quoteChanged.old')}:{' '}
          <span data-testid="quote-old-price">
            {money(changed?.previousTotal?.amount ?? solution.priceDetail.total.amount)}
          </span>
        </p>
        <p>
          {t('booking.quoteChanged.new')}:{' '}
          <span data-testid="quote-new-price">
            {changed?.solution ? money(changed.solution.priceDetail.total.amount) : '—'}
          </span>
        </p>
      </Modal>
      <DuplicateBookingModal
        duplicates={duplicates?.list ?? null}
        submitting={submitting}
        onConfirm={bookAnyway}
        onCancel={() => setDuplicates(null)}
      />
    </Form>
  );
}
