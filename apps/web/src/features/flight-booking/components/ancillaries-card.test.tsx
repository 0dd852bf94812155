import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Seat, SolutionAncillaries } from '@portal/domain/ancillaries';
import { makeSolution } from '../../../test/flight-fixtures';
import { prepare, renderElement } from '../../../test/render-app';
import type { AncillaryChoice } from '../../../shared/flight/ancillary-choice';
import { AncillariesCard } from './ancillaries-card';

const money = (amount: string) => ({ amount, currency: 'CNY' as const });
const seat = (designator: string, over: Partial<Seat> = {}): Seat => ({
  designator,
  available: true,
  price: money('0.00'),
  features: ['window'],
  refusedTypes: [],
  ...over,
});

const OFFER: SolutionAncillaries = {
  seatMaps: [
    {
      segmentIndex: 0,
      aircraft: '320',
      cabin: 'economy',
      columns: ['A', 'B', '', 'C'],
      rows: [
        {
          row: 11,
          seats: [
            seat('11A', { price: money('15.00') }),
            seat('11B', { features: ['middle'] }),
            null,
            seat('11C', { available: false }),
          ],
        },
        {
          row: 12,
          seats: [
            seat('12A', {
              features: ['window', 'exit_row'],
              refusedTypes: ['infant', 'child'],
              price: money('120.00'),
            }),
            seat('12B', { features: ['middle', 'exit_row'], refusedTypes: ['infant', 'child'] }),
            null,
            seat('12C', { features: ['aisle', 'exit_row'], refusedTypes: ['infant', 'child'] }),
          ],
        },
      ],
    },
  ],
  bags: [
    {
      id: 'BAG23-L0',
      segmentIndexes: [0],
      passengerTypes: ['adult', 'child'],
      pieces: 1,
      weightKg: 23,
      price: money('200.00'),
      maxQuantity: 3,
    },
  ],
};

function Harness({ slots }: { slots: ('adult' | 'child' | 'infant')[] }) {
  const [choice, setChoice] = useState<AncillaryChoice>({});
  return (
    <AncillariesCard
      solution={makeSolution({ id: 's1', total: '1000.00' })}
      offer={OFFER}
      slots={slots}
      choice={choice}
      onChange={setChoice}
    />
  );
}

describe('the seat map of the booking page', () => {
  it('picks a seat with the keyboard and adds its price to the running total', async () => {
    await prepare();
    renderElement(<Harness slots={['adult']} />);
    const map = await screen.findByRole('grid');
    const first = within(map).getByRole('button', { name: '11A, window, 15.00 CNY' });
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('1,000.00 CNY');

    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const middle = within(map).getByRole('button', { name: '11B, middle, free' });
    expect(middle).toHaveFocus();
    fireEvent.keyDown(middle, { key: 'ArrowDown' });
    const exit = within(map).getByRole('button', { name: '12B, middle, exit row, free' });
    expect(exit).toHaveFocus();
    fireEvent.keyDown(exit, { key: 'Home' });
    const paidExit = within(map).getByRole('button', { name: /^12A, window, exit row, 120.00 CNY$/ });
    expect(paidExit).toHaveFocus();
    fireEvent.click(paidExit);
    expect(paidExit).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('1,120.00 CNY');

    fireEvent.keyDown(paidExit, { key: 'ArrowUp' });
    fireEvent.click(first);
    expect(screen.getByTestId('booking-total')).toHaveTextContent('1,015.00 CNY');
  });

  it('shows taken seats as not available and refuses them', async () => {
    await prepare();
    renderElement(<Harness slots={['adult']} />);
    const taken = await screen.findByRole('button', { name: '11C, window, free, not available' });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(taken);
    expect(taken).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('list', { name: 'Seat map legend' })).toBeInTheDocument();
  });

  it('keeps a child and the adult holding an infant out of exit rows', async () => {
    await prepare();
    renderElement(<Harness slots={['adult', 'child', 'infant']} />);
    const adult = await screen.findByTestId('passenger-ancillaries-0');
    expect(within(adult).getByRole('button', { name: /^12A.*not available$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const child = screen.getByTestId('passenger-ancillaries-1');
    expect(within(child).getByRole('button', { name: /^12B.*not available$/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(screen.getByTestId('passenger-ancillaries-2')).queryByRole('grid')).toBeNull();
  });

  it('adds bags to the total', async () => {
    await prepare();
    renderElement(<Harness slots={['adult']} />);
    const bags = await screen.findByRole('spinbutton', { name: /23 kg checked bag/ });
    fireEvent.change(bags, { target: { value: '2' } });
    fireEvent.blur(bags);
    expect(screen.getByTestId('ancillaries-extras')).toHaveTextContent('400.00 CNY');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('1,400.00 CNY');
  });
});
