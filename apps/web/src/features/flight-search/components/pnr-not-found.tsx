import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccurateFlightsNotFound } from '@portal/domain/shopping';
import { formatDate } from '../../../shared/dates/format-date';

type Flight = AccurateFlightsNotFound['flights'][number];

interface PnrNotFoundProps {
  /** The flights asked for and whether each is sold by itself ([] when the answer named none). */
  flights: readonly Flight[];
  onSearchJourney: () => void;
}

/**
 * Why a PNR's flights could not be priced: which flight is not found on which date (or that each
 * exists but they are not sold together), with a normal search for the same journey instead.
 */
export function PnrNotFound({ flights, onSearchJourney }: PnrNotFoundProps) {
  const { t } = useTranslation();
  const describe = (f: Flight) => ({
    flight: `${f.carrier}${f.flightNumber}`,
    origin: f.origin,
    destination: f.destination,
    date: formatDate(f.date),
  });
  const missing = flights.filter((f) => !f.found);
  const lines =
    missing.length > 0
      ? missing.map((f) => t('flight.booking.help.flightNotFound', describe(f)))
      : flights.length > 0
        ? [
            t('flight.booking.help.notSoldTogether', {
              flights: flights
                .map(describe)
                .map((d) => `${d.flight} ${d.origin}–${d.destination} ${d.date}`)
                .join(', '),
            }),
          ]
        : [];

  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="pnr-not-found"
      style={{ marginBottom: 12 }}
      title={t('flight.booking.help.notFoundTitle')}
      description={
        <>
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
          <Button icon={<SearchOutlined aria-hidden />} onClick={onSearchJourney} style={{ marginTop: 8 }}>
            {t('flight.booking.help.searchJourney')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('flight.booking.help.searchJourneyHint')}
          </Typography.Paragraph>
        </>
      }
    />
  );
}
