import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Segmented } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgencyToday } from '../../../shared/company/use-agency-today';
import { useCompanyRefusal } from '../../../shared/company/use-company-restrictions';
import { useDatePattern } from '../../../shared/dates/format-date';
import { PlainCard } from '../../../shared/ui/plain-card';
import { PlainField } from '../../../shared/ui/plain-field';
import { defaultSearchDate } from '@portal/domain/journey-rules';
import { MAX_MULTI_CITY_LEGS } from '@portal/domain/limits';
import type { ShoppingRequest } from '@portal/domain/shopping';
import { useSearchForm } from '../hooks/use-search-form';
import { emptyLeg, fromPnr, withBookingType, type FormLeg } from '../model/search-form';
import { LegFields } from './leg-fields';
import { PassengerFields } from './passenger-fields';

// The PNR mode (its review table) loads when chosen: most searches never use it.
const PnrSearch = lazy(async () => ({ default: (await import('./pnr-search')).PnrSearch }));

type Mode = 'oneway' | 'roundtrip' | 'multicity' | 'pnr';

/**
 * The flight search form (spec §2, §3): one-way, return, multi-city (≤ 5 legs) and PNR-code mode.
 * Its fields are plain labelled fields (`PlainField`), not antd's Form: the form checks itself
 * (`useSearchForm`), and each Form.Item's grid row rendered its field a second time right after
 * the page's first commit, in the same long task; antd's form code and styles stay off the page.
 */
export function SearchForm({ initial }: { initial: ShoppingRequest | undefined }) {
  const { t } = useTranslation();
  const datePattern = useDatePattern();
  const { values, errors, update, submit, pending } = useSearchForm(initial);
  const [chosenMode, setMode] = useState<Mode>(values.bookingType);
  // An agency that hides PNR booking gets no PNR mode: the API refuses reading a PNR for it.
  const pnrAllowed = useCompanyRefusal()('pnrBooking') === null;
  const mode: Mode = chosenMode === 'pnr' && !pnrAllowed ? values.bookingType : chosenMode;
  const multi = values.bookingType === 'multicity';
  const today = useAgencyToday();
  const first = values.legs[0];

  const setLeg = (index: number, leg: FormLeg) =>
    update({ ...values, legs: values.legs.map((l, i) => (i === index ? leg : l)) });
  const addLeg = () => {
    const last = values.legs[values.legs.length - 1];
    update({
      ...values,
      legs: [
        ...values.legs,
        { ...emptyLeg(last?.date ?? defaultSearchDate(today)), origin: last?.destination ?? null },
      ],
    });
  };
  const handleMode = (next: Mode) => {
    setMode(next);
    if (next !== 'pnr') update(withBookingType(values, next, today));
  };

  const modes: Mode[] = pnrAllowed
    ? ['oneway', 'roundtrip', 'multicity', 'pnr']
    : ['oneway', 'roundtrip', 'multicity'];
  return (
    <PlainCard data-testid="flight-search-form" className="flight-search-card">
      <Segmented<Mode>
        aria-label={t('flight.booking.tripType')}
        value={mode}
        onChange={handleMode}
        options={modes.map((m) => ({ value: m, label: t(`flight.booking.mode.${m}`) }))}
        style={{ marginBottom: 16 }}
      />
      {mode === 'pnr' ? (
        <Suspense fallback={null}>
          <PnrSearch
            onPriced={(reading) => update(fromPnr(reading, values))}
            onSearchJourney={(reading) => {
              const next = fromPnr(reading, values);
              setMode(next.bookingType);
              update(next);
            }}
          />
        </Suspense>
      ) : (
        <form
          aria-label={t('flight.booking.formLabel')}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {values.legs.map((leg, index) => (
            <LegFields
              key={index}
              index={index}
              leg={leg}
              multiCity={multi}
              minDate={index > 0 ? (values.legs[index - 1]?.date ?? today) : today}
              error={errors.legs[index]}
              onChange={(next) => setLeg(index, next)}
              onRemove={
                multi && values.legs.length > 2
                  ? () => update({ ...values, legs: values.legs.filter((_, i) => i !== index) })
                  : undefined
              }
            />
          ))}
          {values.bookingType === 'roundtrip' && first && (
            <PlainField id="return-date" label={t('flight.booking.returnDate')} style={{ marginBottom: 12 }}>
              <DatePicker
                format={datePattern}
                id="return-date"
                allowClear={false}
                value={dayjs(values.returnDate)}
                disabledDate={(d) => d.isBefore(dayjs(first.date), 'day')}
                onChange={(d) => d && update({ ...values, returnDate: d.format('YYYY-MM-DD') })}
              />
            </PlainField>
          )}
          {multi && (
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={addLeg}
              disabled={values.legs.length >= MAX_MULTI_CITY_LEGS}
              style={{ marginBottom: 12 }}
            >
              {t('flight.booking.addLeg', { max: MAX_MULTI_CITY_LEGS })}
            </Button>
          )}
          {errors.general.length > 0 && (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errors.general.join(' ')} />
          )}
          <div className="search-actions">
            <PassengerFields
              passengers={values.passengers}
              cabinClass={values.cabinClass}
              onPassengers={(passengers) => update({ ...values, passengers })}
              onCabin={(cabinClass) => update({ ...values, cabinClass })}
            />
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined aria-hidden />}
              loading={pending}
              size="large"
            >
              {t('flight.booking.search')}
            </Button>
          </div>
        </form>
      )}
    </PlainCard>
  );
}
