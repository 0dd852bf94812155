import { railRefundQuote, TrainSearchResult, type StationRef, type TrainOffer } from '@portal/domain/rail';
import { TrainOrder, type TrainOrderListItem, type TrainRefundQuote } from '@portal/domain/train-order';

const yuan = (minor: number) => ({ amount: (minor / 100).toFixed(2), currency: 'CNY' as const });

/** The order's refund quote as the API answers it, from the domain's rule at `at`. */
export function refundQuoteOf(priceMinor: number, departureUtc: string, at: string): TrainRefundQuote {
  const quote = railRefundQuote(priceMinor, new Date(departureUtc), new Date(at));
  return quote.refundable
    ? { refundable: true, percent: quote.percent, fee: yuan(quote.feeMinor), refund: yuan(quote.refundMinor) }
    : quote;
}

const station = (code: string, name: string, chineseName: string, traditionalName: string): StationRef => ({
  code,
  name,
  chineseName,
  traditionalName,
});

export const VNP = station('VNP', 'Beijing South', '北京南', '北京南');
export const BJP = station('BJP', 'Beijing', '北京', '北京');
export const AOH = station('AOH', 'Shanghai Hongqiao', '上海虹桥', '上海虹橋');
export const SHH = station('SHH', 'Shanghai', '上海', '上海');

/** A train of a search answer between two stations on 2030-05-01. */
export function offer(
  trainNumber: string,
  from: StationRef,
  to: StationRef,
  departs: string,
  arrives: string,
  minutes: number,
): TrainOffer {
  const trainType = trainNumber.charAt(0) as TrainOffer['trainType'];
  const highSpeed = ['G', 'D', 'C'].includes(trainType);
  return {
    id: `sim-rail:${trainNumber}:2030-05-01`,
    trainNumber,
    trainType,
    departure: { station: from, time: `2030-05-01T${departs}`, timeZone: 'Asia/Shanghai' },
    arrival: { station: to, time: `2030-05-01T${arrives}`, timeZone: 'Asia/Shanghai' },
    durationMinutes: minutes,
    distanceKm: 1282,
    seats: highSpeed
      ? [
          { seatClass: 'first', price: { amount: '933.00', currency: 'CNY' }, available: 12 },
          { seatClass: 'second', price: { amount: '553.00', currency: 'CNY' }, available: 85 },
        ]
      : [
          { seatClass: 'hard-sleeper', price: { amount: '283.50', currency: 'CNY' }, available: 0 },
          { seatClass: 'hard-seat', price: { amount: '156.50', currency: 'CNY' }, available: 40 },
        ],
  };
}

/** A search answer, checked against the domain's schema. */
export function searchResult(trains: TrainOffer[]): TrainSearchResult {
  return TrainSearchResult.parse({
    origin: VNP,
    destination: AOH,
    date: '2030-05-01',
    trains,
    suppliers: [{ name: 'sim-rail', status: 'done', count: trains.length, elapsedMs: 120 }],
  });
}

/** A ticketed order of two adults on G1, checked against the domain's schema. */
export function ticketedOrder(over: Partial<TrainOrder> = {}): TrainOrder {
  return TrainOrder.parse({
    id: 'tr-1',
    bookingNumber: 'T2030050100001',
    status: 'ticketed',
    statusColor: 'success',
    referenceId: 'SIM123',
    train: {
      trainNumber: 'G1',
      trainType: 'G',
      departure: { station: VNP, time: '2030-05-01T09:00', timeZone: 'Asia/Shanghai' },
      arrival: { station: AOH, time: '2030-05-01T13:35', timeZone: 'Asia/Shanghai' },
      departureUtc: '2030-05-01T01:00:00.000Z',
      durationMinutes: 275,
      distanceKm: 1282,
    },
    seatClass: 'second',
    passengers: [
      {
        id: 'p1',
        type: 'adult',
        name: '张三',
        gender: null,
        birthday: '1990-03-07',
        nationality: 'CN',
        document: { interfaceType: 'national-id', number: '110105199003070017', expiryDate: null },
        price: { amount: '553.00', currency: 'CNY' },
        seat: { coach: '05', seatNumber: '12F' },
        ticketNumber: 'E123456789',
      },
    ],
    contact: { name: '张三', email: 'zs@example.com', phone: { areaCode: '86', number: '13800138000' } },
    price: { orderTotal: { amount: '553.00', currency: 'CNY' }, refundFee: null, refundedAmount: null },
    payment: { state: 'paid', channel: 'balance', paidAt: '2030-04-20T02:00:00.000Z' },
    paymentDeadline: null,
    bookingTime: '2030-04-20T01:50:00.000Z',
    ticketedAt: '2030-04-20T02:01:00.000Z',
    manualTicketing: false,
    refundQuote: refundQuoteOf(55300, '2030-05-01T01:00:00.000Z', '2030-04-28T01:00:00.000Z'),
    timeline: [
      { status: 'to_be_paid', at: '2030-04-20T01:50:00.000Z', note: null },
      { status: 'ticketed', at: '2030-04-20T02:01:00.000Z', note: null },
    ],
    allowedActions: ['refund'],
    ...over,
  });
}

/** The list row of an order, as the list API answers it. */
export function listItem(order: TrainOrder): TrainOrderListItem {
  return {
    id: order.id,
    bookingNumber: order.bookingNumber,
    status: order.status,
    statusColor: order.statusColor,
    seatClass: order.seatClass,
    paymentDeadline: order.paymentDeadline,
    bookingTime: order.bookingTime,
    allowedActions: order.allowedActions,
    trainNumber: order.train.trainNumber,
    trainType: order.train.trainType,
    departure: order.train.departure,
    arrival: order.train.arrival,
    passengerNames: order.passengers.map((p) => p.name),
    orderTotal: order.price.orderTotal,
    contactName: order.contact.name,
  };
}
