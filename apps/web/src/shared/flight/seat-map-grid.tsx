import { useTranslation } from 'react-i18next';
import type { Seat, SeatMap } from '@portal/domain/ancillaries';
import type { PassengerType } from '@portal/domain/shopping';
import { SeatLegend, seatStyle } from './seat-legend';
import { useGridKeys } from './use-grid-keys';
import { usePriceDisplay } from './use-price-display';

export interface SeatMapGridProps {
  map: SeatMap;
  /** Settlement currency of the seat prices. */
  currency: string;
  passengerType: PassengerType;
  /** The passenger holds an infant: no exit row either. */
  holdsInfant: boolean;
  /** Seats other passengers of the booking picked on this segment. */
  pickedByOthers: ReadonlySet<string>;
  selected: string | null;
  onSelect: (designator: string | null) => void;
}

/**
 * A segment's seat map as a grid of buttons (row by row, aisles as gaps): each seat says its place,
 * features and price in the display currency; arrow keys move between seats, Enter or Space picks
 * (again: unpicks). Taken seats and seats the passenger may not take stay focusable but refuse.
 */
export function SeatMapGrid(props: SeatMapGridProps) {
  const { map, currency, selected, onSelect } = props;
  const { t } = useTranslation();
  const price = usePriceDisplay(currency);
  const grid = map.rows.map((r) => r.seats);
  const keys = useGridKeys(grid, selected);

  const refused = (seat: Seat) =>
    !seat.available ||
    props.pickedByOthers.has(seat.designator) ||
    seat.refusedTypes.includes(props.passengerType) ||
    (props.holdsInfant && seat.features.includes('exit_row'));

  const labelOf = (seat: Seat) => {
    const free = Number(seat.price.amount) === 0;
    return [
      seat.designator,
      ...seat.features.map((f) => t(`booking.ancillaries.feature.${f}`)),
      free ? t('booking.ancillaries.free') : `${price.format(seat.price.amount)} ${price.currency}`,
      ...(refused(seat) ? [t('booking.ancillaries.unavailable')] : []),
    ].join(', ');
  };

  return (
    <div data-testid={`seat-map-${map.segmentIndex}`}>
      <div
        role="grid"
        aria-label={t('booking.ancillaries.seatMap', { aircraft: map.aircraft })}
        onKeyDown={keys.onKeyDown}
        style={{
          display: 'inline-flex',
          flexDirection: 'column',
          gap: 4,
          overflowX: 'auto',
          maxWidth: '100%',
        }}
      >
        <div role="row" style={{ display: 'flex', gap: 4 }}>
          <span role="columnheader" style={{ width: 28 }} />
          {map.columns.map((c, i) => (
            <span key={i} role="columnheader" style={{ width: c ? 36 : 16, textAlign: 'center' }}>
              {c}
            </span>
          ))}
        </div>
        {map.rows.map((row, r) => (
          <div key={row.row} role="row" style={{ display: 'flex', gap: 4 }}>
            <span role="rowheader" style={{ width: 28, textAlign: 'right' }}>
              {row.row}
            </span>
            {row.seats.map((seat, c) =>
              seat === null ? (
                <span key={c} role="gridcell" style={{ width: map.columns[c] ? 36 : 16 }} />
              ) : (
                <span key={c} role="gridcell">
                  <button
                    type="button"
                    ref={keys.refOf(r, c)}
                    tabIndex={keys.isActive(r, c) ? 0 : -1}
                    aria-label={labelOf(seat)}
                    aria-pressed={selected === seat.designator}
                    aria-disabled={refused(seat)}
                    onFocus={() => keys.setActive(r, c)}
                    onClick={() => {
                      if (refused(seat)) return;
                      onSelect(selected === seat.designator ? null : seat.designator);
                    }}
                    style={seatStyle(seat, selected === seat.designator, refused(seat))}
                  >
                    {refused(seat) ? '×' : seat.designator.replace(/^\d+/, '')}
                  </button>
                </span>
              ),
            )}
          </div>
        ))}
      </div>
      <SeatLegend />
    </div>
  );
}
