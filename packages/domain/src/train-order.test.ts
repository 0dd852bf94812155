import { describe, expect, expectTypeOf, it } from 'vitest';
import * as trainPassengers from './train-passengers';
import { residentIdCheckChar } from './document-types';
import {
  birthdayFromResidentId,
  CreateTrainOrderBody,
  MAX_TRAIN_PASSENGERS,
  TRAIN_DOCUMENT_TYPES,
  TRAIN_PASSENGER_TYPES,
  type TrainBookingPassenger,
  trainTicketPriceMinor,
  trainTimelineNoteText,
  TrainTimelineEntry,
  validateTrainPassenger,
} from './train-order';
import {
  TRAIN_ORDER_STATUSES,
  TRAIN_ORDER_STATUSES_BY_COLOR,
  trainActionRefusal,
  trainAllowedActions,
  trainOrderMachine,
  trainStatusColor,
} from './train-order-status';

const id17 = '11010519900307123';
const residentId = `${id17}${residentIdCheckChar(id17)}`;
const ctx = { today: '2026-11-23', travelDate: '2026-12-01' };

function passenger(over: Partial<TrainBookingPassenger> = {}): TrainBookingPassenger {
  return {
    type: 'adult',
    name: '张三',
    nationality: 'CN',
    document: { interfaceType: 'national-id', number: residentId },
    ...over,
  };
}

describe('train order statuses', () => {
  it('gives every status one colour and a machine row', () => {
    const coloured = Object.values(TRAIN_ORDER_STATUSES_BY_COLOR).flat();
    expect([...coloured].sort()).toEqual([...TRAIN_ORDER_STATUSES].sort());
    expect([...trainOrderMachine.states].sort()).toEqual([...TRAIN_ORDER_STATUSES].sort());
    expect(trainStatusColor('manual_ticketing')).toBe('warning');
    expect(trainStatusColor('ticketed')).toBe('success');
  });

  it('never cancels an order the supplier is ticketing, and ends in refunded, failed or canceled', () => {
    expect(trainOrderMachine.canTransition('proceeding', 'canceled')).toBe(false);
    expect(trainOrderMachine.canTransition('manual_ticketing', 'canceled')).toBe(true);
    expect(TRAIN_ORDER_STATUSES.filter((s) => trainOrderMachine.isFinal(s))).toEqual([
      'refunded',
      'failed',
      'canceled',
    ]);
  });
});

describe('trainAllowedActions', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const base = { paymentDeadline: '2026-11-23T10:30:00Z', departureUtc: '2026-12-01T01:00:00Z' };
  it('offers pay and cancel before the payment deadline, cancel only after it', () => {
    expect(trainAllowedActions({ ...base, status: 'to_be_paid' }, { now, canBook: true })).toEqual([
      'pay',
      'cancel',
    ]);
    const late = new Date('2026-11-23T10:31:00Z');
    expect(trainAllowedActions({ ...base, status: 'to_be_paid' }, { now: late, canBook: true })).toEqual([
      'cancel',
    ]);
  });
  it('offers ticketing while waiting for an operator, refunds only before departure', () => {
    expect(trainAllowedActions({ ...base, status: 'manual_ticketing' }, { now, canBook: true })).toEqual([
      'cancel',
      'ticket',
    ]);
    expect(trainAllowedActions({ ...base, status: 'ticketed' }, { now, canBook: true })).toEqual(['refund']);
    const departed = new Date('2026-12-01T01:00:00Z');
    expect(trainAllowedActions({ ...base, status: 'ticketed' }, { now: departed, canBook: true })).toEqual(
      [],
    );
  });
  it('offers a viewer who may not book trains (finance) no action at all', () => {
    for (const status of ['to_be_paid', 'manual_ticketing', 'ticketed'] as const) {
      expect(trainAllowedActions({ ...base, status }, { now, canBook: false })).toEqual([]);
    }
  });
});

describe('trainActionRefusal', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const base = { paymentDeadline: '2026-11-23T10:30:00Z', departureUtc: '2026-12-01T01:00:00Z' };
  it('allows what trainAllowedActions offers and says why it refuses the rest', () => {
    expect(trainActionRefusal({ ...base, status: 'to_be_paid' }, 'pay', now)).toBeNull();
    expect(trainActionRefusal({ ...base, status: 'ticketed' }, 'pay', now)).toBe('status');
    const late = new Date('2026-11-23T10:30:00Z');
    expect(trainActionRefusal({ ...base, status: 'to_be_paid' }, 'pay', late)).toBe('payment-deadline');
    expect(trainActionRefusal({ ...base, status: 'to_be_paid' }, 'cancel', late)).toBeNull();
    expect(trainActionRefusal({ ...base, status: 'proceeding' }, 'cancel', now)).toBe('status');
    const departed = new Date('2026-12-01T01:00:00Z');
    expect(trainActionRefusal({ ...base, status: 'ticketed' }, 'refund', departed)).toBe('departed');
    expect(trainActionRefusal({ ...base, status: 'manual_ticketing' }, 'ticket', departed)).toBe('departed');
    expect(trainActionRefusal({ ...base, status: 'refunding' }, 'refund', now)).toBe('status');
  });
  it('pays an order without a payment deadline', () => {
    expect(
      trainActionRefusal({ ...base, paymentDeadline: null, status: 'to_be_paid' }, 'pay', now),
    ).toBeNull();
  });
});

describe('validateTrainPassenger', () => {
  it('takes an ID card holder with a Chinese name and reads the birthday from the card', () => {
    expect(birthdayFromResidentId(residentId)).toBe('1990-03-07');
    expect(validateTrainPassenger(passenger(), ctx)).toEqual([]);
  });
  it('takes a passport holder with a Latin name and a birthday', () => {
    const p = passenger({
      name: 'John Smith',
      nationality: 'GB',
      birthday: '1980-01-01',
      document: { interfaceType: 'passport', number: 'AB123456', expiryDate: '2030-01-01' },
    });
    expect(validateTrainPassenger(p, ctx)).toEqual([]);
  });
  it('refuses a bad ID number, a document 12306 does not take, an expired document, no birthday', () => {
    const badId = passenger({
      document: { interfaceType: 'national-id', number: `${id17}0` === residentId ? `${id17}1` : `${id17}0` },
    });
    expect(validateTrainPassenger(badId, ctx).map((e) => e.key)).toEqual([
      'passenger.documentNumber.invalid',
      'passenger.birthday.required',
    ]);
    const permit = passenger({
      birthday: '1990-01-01',
      document: { interfaceType: 'taiwan-travel-permit', number: 'L12345678' },
    });
    expect(validateTrainPassenger(permit, ctx).map((e) => e.key)).toEqual([
      'passenger.documentType.notAllowed',
    ]);
    const expired = passenger({
      name: 'John Smith',
      birthday: '1980-01-01',
      document: { interfaceType: 'passport', number: 'AB123456', expiryDate: '2026-11-30' },
    });
    expect(validateTrainPassenger(expired, ctx).map((e) => e.path)).toEqual(['document.expiryDate']);
  });
  it('sells a child ticket only under 14 and refuses names that are neither Chinese nor Latin', () => {
    expect(validateTrainPassenger(passenger({ type: 'child' }), ctx).map((e) => e.key)).toEqual([
      'passenger.type.invalid',
    ]);
    expect(validateTrainPassenger(passenger({ name: 'Иван' }), ctx).map((e) => e.path)).toEqual(['name']);
  });
});

describe('prices and the booking body', () => {
  it('halves a child ticket to half a yuan', () => {
    expect(trainTicketPriceMinor(55_300, 'child')).toBe(27_650);
    expect(trainTicketPriceMinor(15_650, 'child')).toBe(7_850);
    expect(trainTicketPriceMinor(55_300, 'adult')).toBe(55_300);
  });
  it('allows at most five passengers', () => {
    const body = {
      trainId: 'G1|VNP|AOH|2026-12-01',
      seatClass: 'second',
      expectedPrice: { amount: '553.00', currency: 'CNY' },
      passengers: Array.from({ length: 6 }, () => passenger()),
      contact: { name: 'Li', email: 'li@example.com', phone: { areaCode: '86', number: '13800138000' } },
    };
    expect(CreateTrainOrderBody.safeParse(body).success).toBe(false);
    expect(CreateTrainOrderBody.safeParse({ ...body, passengers: body.passengers.slice(0, 5) }).success).toBe(
      true,
    );
  });
});

describe('train timeline notes', () => {
  it('writes the English text of a note with its values, leaving a missing value marked', () => {
    expect(trainTimelineNoteText('refundAskedBy', { user: 'trainop', percent: '5' })).toBe(
      'Refund asked by trainop; fee 5 %',
    );
    expect(trainTimelineNoteText('bookedBy')).toBe('Booked by {user}');
  });

  it('reads an older entry with only its text, and refuses a key it does not know', () => {
    const old = { status: 'ticketed', at: '2026-11-23T08:00:00.000Z', note: 'Booked by trainop' };
    expect(TrainTimelineEntry.parse(old)).toEqual(old);
    expect(TrainTimelineEntry.safeParse({ ...old, noteKey: 'nonsense' }).success).toBe(false);
  });
});

describe('the zod-free passenger rules the train booking form imports', () => {
  it('are what train-order.ts re-exports, and type a passenger as the booking schema parses it', () => {
    expect(validateTrainPassenger).toBe(trainPassengers.validateTrainPassenger);
    expect(trainTicketPriceMinor).toBe(trainPassengers.trainTicketPriceMinor);
    expect(TRAIN_DOCUMENT_TYPES).toBe(trainPassengers.TRAIN_DOCUMENT_TYPES);
    expect(TRAIN_PASSENGER_TYPES).toBe(trainPassengers.TRAIN_PASSENGER_TYPES);
    expect(MAX_TRAIN_PASSENGERS).toBe(trainPassengers.MAX_TRAIN_PASSENGERS);
    expectTypeOf<TrainBookingPassenger>().toEqualTypeOf<trainPassengers.TrainBookingPassenger>();
  });
});
