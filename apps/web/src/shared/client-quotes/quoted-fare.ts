import { quotedFareOf, type QuotedFare } from '@portal/domain/client-quote';
import { minorDigits, toMinor } from '@portal/domain/currency-conversion';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { Solution } from '@portal/domain/shopping';

/** What a solution's passengers cost the agency (`salePrice` per passenger), for the fee check. */
export function solutionFare(solution: Solution): QuotedFare {
  return quotedFareOf(
    solution.priceDetail.priceList.map((p) => ({
      passengerType: p.passengerType,
      count: p.count,
      unitMinor: toMinor(p.salePrice, minorDigits(p.currency)),
    })),
  );
}

/** What a booking costs the agency, for the fee check. */
export function orderFare(order: FlightOrder): QuotedFare {
  const total = order.price.orderTotal;
  return {
    passengers: order.passengers.length,
    fareMinor: toMinor(total.amount, minorDigits(total.currency)),
  };
}
