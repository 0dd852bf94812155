import type { GroupOrder, GroupQuote } from '@portal/domain/group-order';

const cny = (amount: string) => ({ amount, currency: 'CNY' as const });
/** Far enough ahead that every countdown of the fixtures is still running. */
const LATER = '2099-01-10T10:00:00.000Z';

/** A quote of the desk for 10 adults and 10 children PEK-SHA. */
export function testQuote(over: Partial<GroupQuote> = {}): GroupQuote {
  return {
    id: 'q1',
    state: 'open',
    flights: [
      {
        journey: 0,
        airline: 'CA',
        flightNumber: '1501',
        origin: 'PEK',
        destination: 'SHA',
        departure: '2099-01-20T08:00',
        arrival: '2099-01-20T10:10',
        cabin: 'economy',
      },
    ],
    fares: [
      { passengerType: 'adult', count: 10, fare: cny('900.00'), taxes: cny('50.00') },
      { passengerType: 'child', count: 10, fare: cny('700.00'), taxes: cny('0.00') },
    ],
    baggage: [
      {
        passengerType: 'adult',
        carryOn: { pieces: 1, weightKg: 5, dimensions: null },
        checked: { pieces: 1, weightKg: 23, dimensions: null },
        paidBagPrice: null,
      },
    ],
    total: cny('16500.00'),
    confirmBy: LATER,
    passengerListDeadline: LATER,
    instalments: [
      { n: 1, kind: 'first', amount: cny('3300.00'), deadline: LATER },
      { n: 2, kind: 'second', amount: cny('3300.00'), deadline: LATER },
      { n: 3, kind: 'third', amount: cny('3300.00'), deadline: LATER },
      { n: 4, kind: 'final', amount: cny('6600.00'), deadline: LATER },
    ],
    quotedAt: '2026-11-20T09:00:00.000Z',
    ...over,
  };
}

/** A group order waiting for the agent to pick one of two quotes. */
export function testGroupOrder(over: Partial<GroupOrder> = {}): GroupOrder {
  return {
    id: 'g1',
    bookingNumber: 'G2611200001',
    status: 'to_be_confirm',
    statusColor: 'primary',
    request: {
      journeys: [{ origin: 'PEK', destination: 'SHA', date: '2099-01-20', returnDate: null, remark: null }],
      isChangeDate: true,
      acceptChangeFlight: false,
      passengers: { adult: 10, child: 10, infant: 0 },
    },
    quotes: [testQuote(), testQuote({ id: 'q2', total: cny('18000.00') })],
    pickedQuoteId: null,
    confirmBy: LATER,
    instalments: [],
    paidTotal: null,
    depositsKept: null,
    passengerList: { state: 'missing', deadline: LATER },
    tickets: [],
    failureReason: null,
    cancelReason: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    timeline: [
      { event: 'requested', status: 'to_be_quote', at: '2026-11-20T08:00:00.000Z', params: {} },
      { event: 'quoted', status: 'to_be_confirm', at: '2026-11-20T09:00:00.000Z', params: {} },
    ],
    allowedActions: ['pickQuote', 'cancel'],
    ...over,
  };
}

/** The same order after the pick, waiting for its second deposit (the first one paid). */
export function secondDepositDue(over: Partial<GroupOrder> = {}): GroupOrder {
  const quote = testQuote({ state: 'picked' });
  return testGroupOrder({
    status: 'to_be_pay_second',
    statusColor: 'primary',
    quotes: [quote],
    pickedQuoteId: quote.id,
    instalments: quote.instalments.map((item) => ({
      ...item,
      state: item.n === 1 ? 'paid' : 'unpaid',
      paidAt: item.n === 1 ? '2026-11-21T09:00:00.000Z' : null,
      channel: item.n === 1 ? 'balance' : null,
      paymentReference: item.n === 1 ? 'W1' : null,
    })),
    paidTotal: cny('3300.00'),
    allowedActions: ['cancel', 'payInstalment', 'uploadPassengers'],
    ...over,
  });
}
