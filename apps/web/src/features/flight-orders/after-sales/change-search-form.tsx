import { DatePicker, Form, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { useDatePattern } from '../../../shared/dates/format-date';
import { CHANGE_REASONS, changeReasonKey, involuntaryChangeAllowed } from '@portal/domain/after-sales';
import { ERRORS } from '@portal/domain/errors';
import type { FlightOrder } from '@portal/domain/flight-order';
import { indexSegments, segmentLabel, voluntaryRefusal } from '../lib/after-sales';
import { PassengerPicker, SegmentPicker } from './selection-tables';

/** What the agent fills in before a change search. */
export interface ChangeDraft {
  passengerIds: string[];
  segmentIndexes: number[];
  reason: number | undefined;
  /** New date per leg (by leg index), `YYYY-MM-DD`. */
  dates: Record<number, string>;
}

/** The legs the selected segments belong to, each with its segments. */
export function selectedLegs(order: FlightOrder, segmentIndexes: readonly number[]) {
  const indexed = indexSegments(order.segments, order.segmentLegs);
  const legs = new Map<number, typeof indexed>();
  for (const entry of indexed) {
    if (!segmentIndexes.includes(entry.index)) continue;
    legs.set(entry.legIndex, [...(legs.get(entry.legIndex) ?? []), entry]);
  }
  return [...legs.entries()].sort(([a], [b]) => a - b);
}

/** The first draft: nothing chosen, each leg's date as booked. */
export function initialDraft(order: FlightOrder): ChangeDraft {
  const dates: Record<number, string> = {};
  for (const entry of indexSegments(order.segments, order.segmentLegs)) {
    dates[entry.legIndex] ??= entry.segment.departure.time.slice(0, 10);
  }
  return { passengerIds: [], segmentIndexes: [], reason: undefined, dates };
}

interface ChangeSearchFormProps {
  order: FlightOrder;
  draft: ChangeDraft;
  onChange: (draft: ChangeDraft) => void;
  /** Show what is missing (after a search was asked for). */
  tried: boolean;
}

/**
 * Step one of a change: tickets, reason and the new date of each leg touched. The airline's
 * reason (schedule change) is offered only when the supplier recorded a disruption on the
 * booking, as the API takes it (`involuntaryChangeAllowed`); otherwise it is disabled with why.
 */
export function ChangeSearchForm({ order, draft, onChange, tried }: ChangeSearchFormProps) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const legs = selectedLegs(order, draft.segmentIndexes);
  const onRecord = order.disruptionOnRecord === true;
  const fareRefusal = voluntaryRefusal(order, 'change');
  const refused = CHANGE_REASONS.filter(
    (r) => !involuntaryChangeAllowed(r.value, onRecord) || (!r.involuntary && fareRefusal !== null),
  );
  // The agency's day: the API refuses a new date before it.
  const today = useAgencyToday();
  return (
    <div data-testid="change-form">
      <PassengerPicker
        passengers={order.passengers}
        value={draft.passengerIds}
        onChange={(passengerIds) => onChange({ ...draft, passengerIds })}
        error={tried && draft.passengerIds.length === 0 ? t('afterSales.form.choosePassenger') : null}
      />
      <SegmentPicker
        segments={order.segments}
        value={draft.segmentIndexes}
        onChange={(segmentIndexes) => onChange({ ...draft, segmentIndexes })}
        error={tried && draft.segmentIndexes.length === 0 ? t('afterSales.form.chooseSegment') : null}
      />
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('afterSales.form.reason')}
          required
          validateStatus={tried && draft.reason === undefined ? 'error' : undefined}
          help={tried && draft.reason === undefined ? t('afterSales.form.reasonRequired') : undefined}
          extra={
            refused.length > 0 ? (
              <>
                {fareRefusal && (
                  <div data-testid="change-fare-refusal">{t(fareRefusal.key, fareRefusal.values)}</div>
                )}
                {!onRecord && (
                  <div data-testid="change-involuntary-hint">{t(ERRORS.CHANGE_DISRUPTION_REQUIRED.key)}</div>
                )}
              </>
            ) : undefined
          }
        >
          <Select
            data-testid="change-reason"
            aria-label={t('afterSales.form.reason')}
            value={draft.reason}
            options={CHANGE_REASONS.map((r) => ({
              value: r.value,
              label: t(changeReasonKey(r.value)),
              disabled: refused.includes(r),
            }))}
            onChange={(reason: number) => onChange({ ...draft, reason })}
          />
        </Form.Item>
        {legs.map(([legIndex, entries]) => (
          <Form.Item
            key={legIndex}
            label={
              <span>
                {t('afterSales.change.newDate', { leg: legIndex + 1 })}{' '}
                <Typography.Text type="secondary">
                  {entries.map((entry) => segmentLabel(entry.segment)).join(', ')}
                </Typography.Text>
              </span>
            }
            required
          >
            <DatePicker
              data-testid={`change-date-${legIndex}`}
              aria-label={t('afterSales.change.newDate', { leg: legIndex + 1 })}
              format={datePattern}
              allowClear={false}
              value={draft.dates[legIndex] ? dayjs(draft.dates[legIndex]) : null}
              disabledDate={(day: Dayjs) => day.isBefore(today, 'day')}
              onChange={(day: Dayjs | null) =>
                day && onChange({ ...draft, dates: { ...draft.dates, [legIndex]: day.format('YYYY-MM-DD') } })
              }
            />
          </Form.Item>
        ))}
      </Form>
    </div>
  );
}
