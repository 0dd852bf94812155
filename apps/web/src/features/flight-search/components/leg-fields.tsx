import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, DatePicker, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDatePattern } from '../../../shared/dates/format-date';
import type { FormLeg } from '../model/search-form';
import { AirportPicker } from '../../../shared/places/airport-picker';

interface LegFieldsProps {
  index: number;
  leg: FormLeg;
  multiCity: boolean;
  /** Earliest date allowed (today, or the previous leg's date). */
  minDate: string;
  error?: string;
  onChange: (leg: FormLeg) => void;
  onRemove?: () => void;
}

/**
 * One flight of the form: from, swap, to and date; multi-city legs take airports only. The leg's
 * problem shows below it, in the error colour as antd's Form.Item draws it; not a Form.Item, whose
 * grid row re-renders each field once more right after it mounts (it subscribes to the screen
 * size), inside the search page's first commit.
 */
export function LegFields({ index, leg, multiCity, minDate, error, onChange, onRemove }: LegFieldsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const datePattern = useDatePattern();
  const n = index + 1;
  const suffix = multiCity ? ` ${n}` : '';
  const fromLabel = `${t('flight.booking.from')}${suffix}`;
  const toLabel = `${t('flight.booking.to')}${suffix}`;
  const dateLabel = `${t('flight.booking.date')}${suffix}`;

  return (
    <div style={{ marginBottom: 12 }} data-testid={`leg-${index}`}>
      <div className="flight-leg">
        {multiCity && <span className="flight-leg-number">{t('flight.booking.legLabel', { n })}</span>}
        <AirportPicker
          id={`leg-${index}-origin`}
          label={fromLabel}
          value={leg.origin}
          airportsOnly={multiCity}
          invalid={Boolean(error)}
          onChange={(origin) => onChange({ ...leg, origin })}
        />
        <Button
          aria-label={t('flight.booking.swap', { n })}
          icon={<SwapOutlined />}
          onClick={() => onChange({ ...leg, origin: leg.destination, destination: leg.origin })}
        />
        <AirportPicker
          id={`leg-${index}-destination`}
          label={toLabel}
          value={leg.destination}
          airportsOnly={multiCity}
          invalid={Boolean(error)}
          onChange={(destination) => onChange({ ...leg, destination })}
        />
        <DatePicker
          format={datePattern}
          id={`leg-${index}-date`}
          aria-label={dateLabel}
          allowClear={false}
          status={error ? 'error' : undefined}
          value={dayjs(leg.date)}
          disabledDate={(d) => d.isBefore(dayjs(minDate), 'day')}
          onChange={(d) => d && onChange({ ...leg, date: d.format('YYYY-MM-DD') })}
          style={{ minWidth: 140 }}
        />
        {onRemove && (
          <Button
            aria-label={t('flight.booking.removeLeg', { n })}
            icon={<DeleteOutlined />}
            onClick={onRemove}
          />
        )}
      </div>
      {error && (
        <div role="alert" style={{ color: token.colorError, lineHeight: token.lineHeight }}>
          {error}
        </div>
      )}
    </div>
  );
}
