import { describe, expect, it } from 'vitest';
import { newDraft, type GroupDraft } from './draft-store';
import { validateDraft, type JourneyContext } from './request-form';

const CITIES: Record<string, string> = { PEK: 'BJS', PKX: 'BJS', SHA: 'SHA' };
const context: JourneyContext = { cityOf: (code) => CITIES[code] ?? code, today: '2026-11-23' };

function draft(over: Partial<GroupDraft['journeys'][number]> = {}): GroupDraft {
  const base = newDraft();
  return {
    ...base,
    journeys: [
      { origin: 'PEK', destination: 'SHA', date: '2026-12-01', returnDate: null, remark: '', ...over },
    ],
  };
}

describe('group request rules', () => {
  it('sends a complete request with the default 10 adults, 10 children and 0 infants', () => {
    expect(validateDraft(draft(), context)).toEqual({
      ok: true,
      body: {
        journeys: [{ origin: 'PEK', destination: 'SHA', date: '2026-12-01' }],
        isChangeDate: false,
        acceptChangeFlight: false,
        passengers: { adult: 10, child: 10, infant: 0 },
      },
    });
  });

  it('refuses two airports of one city, a past date and a return before the date', () => {
    const result = validateDraft(
      draft({ destination: 'PKX', date: '2026-11-20', returnDate: '2026-11-19' }),
      context,
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual([
      { path: 'journeys.0.destination', key: 'order.flight.booking.journeyError.rules' },
      { path: 'journeys.0.date', key: 'flight.booking.journeyError.datePast' },
      { path: 'journeys.0.returnDate', key: 'groupOrders.form.returnBeforeDate' },
    ]);
  });
});
