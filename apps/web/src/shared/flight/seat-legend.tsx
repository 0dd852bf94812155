import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Seat } from '@portal/domain/ancillaries';

const BASE: CSSProperties = {
  width: 36,
  height: 32,
  borderRadius: 6,
  border: '1px solid #8c8c8c',
  background: '#fff',
  cursor: 'pointer',
  fontSize: 12,
};

/** How a seat looks: selected filled, taken grey with a cross, exit rows orange, paid seats blue. */
export function seatStyle(
  seat: Pick<Seat, 'features' | 'price'>,
  selected: boolean,
  refused: boolean,
): CSSProperties {
  if (selected) return { ...BASE, background: '#1677ff', borderColor: '#1677ff', color: '#fff' };
  if (refused)
    return {
      ...BASE,
      background: '#e6e6e6',
      borderColor: '#d9d9d9',
      color: '#595959',
      cursor: 'not-allowed',
    };
  if (seat.features.includes('exit_row')) return { ...BASE, border: '2px solid #d46b08' };
  if (Number(seat.price.amount) > 0) return { ...BASE, borderColor: '#1677ff', background: '#e6f4ff' };
  return BASE;
}

const SAMPLES = [
  ['free', { features: [], price: { amount: '0', currency: 'CNY' } }, false, false],
  ['paid', { features: [], price: { amount: '1', currency: 'CNY' } }, false, false],
  ['exit', { features: ['exit_row'], price: { amount: '0', currency: 'CNY' } }, false, false],
  ['taken', { features: [], price: { amount: '0', currency: 'CNY' } }, false, true],
  ['selected', { features: [], price: { amount: '0', currency: 'CNY' } }, true, false],
] as const;

/** The key to the seat map's colours. */
export function SeatLegend() {
  const { t } = useTranslation();
  return (
    <ul
      aria-label={t('booking.ancillaries.legend.title')}
      style={{ display: 'flex', gap: 16, listStyle: 'none', padding: 0, flexWrap: 'wrap' }}
    >
      {SAMPLES.map(([key, seat, selected, refused]) => (
        <li key={key} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span
            aria-hidden
            style={{
              ...seatStyle({ ...seat, features: [...seat.features] }, selected, refused),
              display: 'inline-block',
              width: 18,
              height: 16,
            }}
          />
          {t(`booking.ancillaries.legend.${key}`)}
        </li>
      ))}
    </ul>
  );
}
