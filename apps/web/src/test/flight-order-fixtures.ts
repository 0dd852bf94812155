import type { FlightOrder, FlightOrderListItem } from '@portal/domain/flight-order';
import { statusColor, type FlightOrderStatus } from '@portal/domain/flight-order-status';

/** A list row for tests. */
export function listItem(n: number, over: Partial<FlightOrderListItem> = {}): FlightOrderListItem {
  const status: FlightOrderStatus = over.status ?? 'to_be_paid';
  return {
    id: `o${n}`,
    bookingNumber: `B${1000 + n}`,
    originalBookingId: null,
    type: 'origin',
    status,
    statusColor: statusColor(status),
    pnr: `PNR${n}`,
    airline: 'CA',
    flightNumbers: ['CA1501'],
    paymentDeadline: '2026-11-22T10:00:00.000Z',
    bookingTime: '2026-11-20T08:30:00.000Z',
    allowedActions: [],
    passengerNames: ['ZHANG/SAN'],
    firstDeparture: '2026-12-01T08:30',
    route: 'PEK-SHA',
    orderTotal: { amount: '1290.5', currency: 'CNY' },
    contactName: 'Li Lei',
    paymentState: 'unpaid',
    ...over,
  };
}

/** A full order for tests. */
export function fullOrder(over: Partial<FlightOrder> = {}): FlightOrder {
  const status: FlightOrderStatus = over.status ?? 'to_be_paid';
  const money = (amount: string) => ({ amount, currency: 'CNY' as const });
  return {
    id: 'o1',
    bookingNumber: 'B1001',
    originalBookingId: null,
    referenceId: null,
    type: 'origin',
    status,
    statusColor: statusColor(status),
    pnr: 'ABC123',
    airline: 'CA',
    flightNumbers: ['CA1501'],
    segments: [
      {
        marketingCarrier: 'CA',
        operatingCarrier: 'CA',
        flightNumber: '1501',
        aircraft: '737',
        departure: { airport: 'PEK', terminal: '3', time: '2026-12-01T08:30', timeZone: 'Asia/Shanghai' },
        // Some suppliers send the terminal with its letter.
        arrival: { airport: 'SHA', terminal: 'T2', time: '2026-12-01T10:45', timeZone: 'Asia/Shanghai' },
        durationMinutes: 135,
        cabin: 'economy',
        bookingClass: 'Y',
        fareBasis: 'YOW',
      },
    ],
    segmentLegs: [0],
    passengers: [
      {
        id: 'p1',
        type: 'adult',
        surname: 'ZHANG',
        given_names: 'SAN',
        gender: 'male',
        birthday: '1990-01-01',
        nationality: 'CN',
        travel_document: {
          type: 'passport',
          interfaceType: 'passport',
          number: 'E12345678',
          expiryDate: '2030-01-01',
          issuingPlace: null,
        },
        frequentFlyer: null,
        ticketNumbers: [],
      },
    ],
    contact: { name: 'Li Lei', email: 'li@example.test', phone: { areaCode: '86', number: '13800000000' } },
    price: {
      ticketPrice: money('1000'),
      faceValue: null,
      tax: money('240'),
      airportTax: money('50'),
      fuelSurcharge: money('190'),
      discount: null,
      serviceFee: money('50.5'),
      transactionFee: null,
      saleTotal: money('1290.5'),
      orderTotal: money('1290.5'),
      costPrice: null,
      fareBasis: 'YOW',
      priceDifference: null,
      taxDifference: null,
      changeFee: null,
      refundFee: null,
      refundableTotal: null,
      creditCardFee: null,
    },
    payment: { state: 'unpaid', channel: null, paidAt: null },
    paymentDeadline: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
    bookingTime: '2026-11-20T08:30:00.000Z',
    ticketingTier: 'T1',
    remark: null,
    timeline: [{ status: 'to_be_paid', at: '2026-11-20T08:30:00.000Z', note: 'Booked' }],
    allowedActions: ['pay', 'cancel'],
    afterSales: null,
    relatedOrders: [],
    confirmDeadline: null,
    voidDeadline: null,
    ...over,
  };
}

/** An issued order, paid by balance, each passenger with one ticket, open to change, refund and void. */
export function issuedOrder(over: Partial<FlightOrder> = {}): FlightOrder {
  return fullOrder({
    status: 'issued',
    statusColor: 'success',
    paymentDeadline: null,
    payment: { state: 'paid', channel: 'balance', paidAt: '2026-11-20T08:40:00.000Z' },
    passengers: fullOrder().passengers.map((p) => ({ ...p, ticketNumbers: ['784-2345678901'] })),
    allowedActions: ['change', 'refund', 'void'],
    ...over,
  });
}
