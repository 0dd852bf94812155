import type { AfterSalesQuote } from '@portal/domain/after-sales';
import { fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { OrderPassenger } from '@portal/domain/flight-order';
import type { OrderType } from '@portal/domain/flight-order-status';
import type { Solution } from '@portal/domain/shopping';
import type { EmailAmount, EmailDetails, EmailExtra, EmailPassenger } from './email-templates';

/**
 * A seat or bag of the order as its e-mails list it: the held lines of a booking; every line of a
 * purchase after issue (booked or refused), each with its price.
 */
export interface OrderEmailAncillary {
  passengerIndex: number;
  kind: 'seat' | 'bag';
  segmentIndexes: readonly number[];
  designator: string | null;
  quantity: number;
  weightKg: number | null;
  status: string;
  /** The line's price in `currency` (read by a purchase's e-mail). */
  priceMinor?: number;
  currency?: string;
}

/**
 * What a flight order's e-mail lists, passed by the caller (a flight order row has all of it):
 * its passengers with their ticket numbers, its flights, and its amounts (the order total of a
 * booking, the desk's quote of a change, refund or void).
 */
export interface OrderEmailFacts {
  type: OrderType;
  solution: Pick<Solution, 'legs'>;
  passengers: readonly Pick<OrderPassenger, 'surname' | 'given_names' | 'type' | 'ticketNumbers'>[];
  currency: string;
  orderTotalMinor: number;
  afterSales: { quote: AfterSalesQuote | null } | null;
  /** The seats and bags of the order, when the caller read them. */
  ancillaries?: readonly OrderEmailAncillary[];
}

/** A minor amount as a decimal text in its currency's digits, for an e-mail. */
function emailAmount(name: EmailAmount['name'], minor: number, currency: string): EmailAmount {
  return { name, amount: fromMinor(minor, minorDigits(currency)), currency };
}

/**
 * The amounts an order's e-mail lists: a booking's or a purchase's total, or the desk's quote of
 * an after-sales order.
 */
function amountsOf(order: OrderEmailFacts): EmailAmount[] {
  if (order.type === 'origin' || order.type === 'ancillary')
    return [emailAmount('orderTotal', order.orderTotalMinor, order.currency)];
  const quote = order.afterSales?.quote;
  if (!quote) return [];
  const c = quote.currency;
  if (order.type === 'change') {
    return [
      emailAmount('priceDifference', quote.priceDifferenceMinor + quote.taxDifferenceMinor, c),
      emailAmount('changeFee', quote.changeFeeMinor, c),
      emailAmount('serviceFee', quote.serviceFeeMinor, c),
      emailAmount('amountDue', quote.amountDueMinor, c),
    ];
  }
  return [
    emailAmount('refundFee', quote.refundFeeMinor, c),
    emailAmount('serviceFee', quote.serviceFeeMinor, c),
    emailAmount('refundableTotal', quote.refundableTotalMinor, c),
  ];
}

/** The passengers (name as on the ticket, ticket numbers), flights and amounts of an order's e-mail. */
export function orderEmailDetails(order: OrderEmailFacts): EmailDetails {
  const segments = order.solution.legs.flatMap((leg) => leg.segments);
  const route = (indexes: readonly number[]) =>
    indexes
      .map((i) => segments[i])
      .map((s) => (s ? `${s.departure.airport}-${s.arrival.airport}` : ''))
      .join(', ');
  // A purchase's e-mail is about what it asked for, whether the airline booked or refused it, and
  // what each line cost; a booking's lists what the passengers hold now.
  const purchase = order.type === 'ancillary';
  const priceOf = (a: OrderEmailAncillary) => {
    if (!purchase || a.priceMinor === undefined) return {};
    const { amount, currency } = emailAmount('orderTotal', a.priceMinor, a.currency ?? order.currency);
    return { price: `${amount} ${currency}` };
  };
  const extrasOf = (index: number): EmailExtra[] =>
    (order.ancillaries ?? [])
      .filter((a) => a.passengerIndex === index && (purchase || a.status === 'booked'))
      .map((a) =>
        a.kind === 'seat'
          ? { kind: 'seat', seat: a.designator ?? '', route: route(a.segmentIndexes), ...priceOf(a) }
          : {
              kind: 'bag',
              quantity: a.quantity,
              weightKg: a.weightKg ?? 0,
              route: route(a.segmentIndexes),
              ...priceOf(a),
            },
      );
  const passengers: EmailPassenger[] = order.passengers.flatMap((p, i) => {
    const extras = extrasOf(i);
    // A purchase names only the passengers it bought for.
    if (purchase && extras.length === 0) return [];
    return [
      {
        name: `${p.surname}/${p.given_names}`,
        type: p.type,
        ticketNumbers: p.ticketNumbers,
        ...(extras.length > 0 ? { extras } : {}),
      },
    ];
  });
  const flights = order.solution.legs
    .flatMap((leg) => leg.segments)
    .map((s) => ({
      flightNumber: `${s.marketingCarrier}${s.flightNumber}`,
      from: s.departure.airport,
      to: s.arrival.airport,
      departure: s.departure.time.replace('T', ' ').slice(0, 16),
    }));
  return { passengers, flights, amounts: amountsOf(order) };
}
