import { minorDigits } from '@portal/domain/currency-conversion';
import { validateContact, type PhoneCheck, type RuleError } from '@portal/domain/passenger-checks';
import type { TrainSeat } from '@portal/domain/rail';
import type { MoneyJson } from '@portal/domain/shopping';
import type { CreateTrainOrderBody } from '@portal/domain/train-order';
import {
  trainTicketPriceMinor,
  validateTrainPassenger,
  type TrainBookingPassenger,
  type TrainDocumentType,
  type TrainPassengerType,
} from '@portal/domain/train-passengers';

/** A passenger as the form holds it. */
export interface PassengerValues {
  type: TrainPassengerType;
  name?: string;
  nationality?: string;
  documentType: TrainDocumentType;
  documentNumber?: string;
  /** `YYYY-MM-DD`; asked only when the document is not a resident ID card. */
  birthday?: string;
}

export interface BookingValues {
  passengers: PassengerValues[];
  contact: { name?: string; email?: string; phone?: { areaCode?: string; number?: string } };
}

export const EMPTY_PASSENGER: PassengerValues = {
  type: 'adult',
  documentType: 'national-id',
  nationality: 'CN',
};

/** The i18n key of a passenger or contact rule's message (the flight booking's texts). */
export function ruleMessageKey(error: Pick<RuleError, 'key'>): string {
  return `booking.rules.${error.key}`;
}

/** The booking body's passenger of a form passenger. */
export function toBookingPassenger(p: PassengerValues): TrainBookingPassenger {
  const birthday = p.documentType === 'national-id' ? undefined : p.birthday || undefined;
  return {
    type: p.type,
    name: (p.name ?? '').trim(),
    nationality: (p.nationality ?? '').trim().toUpperCase(),
    document: {
      interfaceType: p.documentType,
      number: (p.documentNumber ?? '').replace(/\s+/g, '').toUpperCase(),
    },
    ...(birthday ? { birthday } : {}),
  };
}

/** A rule broken by the form, at the form field it belongs to. */
export interface FieldError {
  name: (string | number)[];
  error: RuleError;
}

const PASSENGER_FIELD: Record<string, string> = {
  name: 'name',
  'document.interfaceType': 'documentType',
  'document.number': 'documentNumber',
  'document.expiryDate': 'documentNumber',
  birthday: 'birthday',
  type: 'type',
};

/** Every passenger and contact rule the form breaks, with the field to show it on. */
export function bookingErrors(
  values: BookingValues,
  ctx: { today: string; travelDate: string },
  isValidPhone: PhoneCheck,
): FieldError[] {
  const errors: FieldError[] = [];
  values.passengers.forEach((p, index) => {
    const broken = validateTrainPassenger(toBookingPassenger(p), ctx);
    const badNumber = broken.some((e) => e.path === 'document.number');
    for (const error of broken) {
      // The ID card carries the birthday: its rules show on the number, and a number that is not
      // valid says all there is to say.
      const onIdCard = error.path === 'birthday' && p.documentType === 'national-id';
      if (onIdCard && badNumber) continue;
      const field = onIdCard ? 'documentNumber' : PASSENGER_FIELD[error.path];
      errors.push({ name: ['passengers', index, field ?? 'name'], error });
    }
  });
  for (const error of validateContact(values.contact, isValidPhone)) {
    errors.push({ name: ['contact', ...error.path.split('.')], error });
  }
  return errors;
}

/** The request body of a filled form. */
export function toCreateBody(values: BookingValues, trainId: string, seat: TrainSeat): CreateTrainOrderBody {
  return {
    trainId,
    seatClass: seat.seatClass,
    expectedPrice: seat.price,
    passengers: values.passengers.map(toBookingPassenger),
    contact: {
      name: (values.contact.name ?? '').trim(),
      email: (values.contact.email ?? '').trim(),
      phone: {
        areaCode: values.contact.phone?.areaCode?.trim() || '86',
        number: (values.contact.phone?.number ?? '').trim(),
      },
    },
  };
}

function toMinor(money: MoneyJson): number {
  return Math.round(Number(money.amount) * 10 ** minorDigits(money.currency));
}

function fromMinor(minor: number, currency: MoneyJson['currency']): MoneyJson {
  const digits = minorDigits(currency);
  return { amount: (minor / 10 ** digits).toFixed(digits), currency };
}

/** Each passenger's ticket price (a child ticket is half) and the total to pay. */
export function bookingPrices(seatPrice: MoneyJson, types: readonly TrainPassengerType[]) {
  const adult = toMinor(seatPrice);
  const each = types.map((type) => fromMinor(trainTicketPriceMinor(adult, type), seatPrice.currency));
  const total = fromMinor(
    types.reduce((sum, type) => sum + trainTicketPriceMinor(adult, type), 0),
    seatPrice.currency,
  );
  return { each, total };
}
