import {
  isDocumentType,
  isValidDocumentNumber,
  isValidResidentId,
  normalizeDocumentNumber,
  type DocumentType,
} from './document-types';
import { ageOn, type RuleError } from './passenger-checks';
import { roundToHalfYuan } from './rail-rules';

/**
 * A train order's passengers without zod: the ticket types and documents 12306 takes, the child
 * price and the passenger rules. The train booking form reads them; `train-order.ts` (which
 * re-exports all of this) holds the schemas the API parses the booking with.
 */

/** Minutes a booked train order holds its seats unpaid (12306 holds 30 minutes). */
export const TRAIN_PAYMENT_MINUTES = 30;
/** Passengers per train order (12306: at most 5 per order). */
export const MAX_TRAIN_PASSENGERS = 5;

/** Ticket types sold: adult and child (12306: ages 6 to 13 travel on a child ticket; under 6 free). */
export const TRAIN_PASSENGER_TYPES = ['adult', 'child'] as const;
export type TrainPassengerType = (typeof TRAIN_PASSENGER_TYPES)[number];
/** From this age (full years on the travel date) a passenger needs an adult ticket. */
export const TRAIN_ADULT_MIN_AGE = 14;

/** A child ticket costs half the adult price, rounded to half a yuan as 12306 rounds. */
export function trainTicketPriceMinor(adultPriceMinor: number, type: TrainPassengerType): number {
  return type === 'child' ? roundToHalfYuan(Math.round(adultPriceMinor / 2)) : adultPriceMinor;
}

/**
 * The documents a train ticket may be bought with (12306's list), among the ten interface types
 * of `document-types.ts`: the resident ID card (also the residence permits of Hong Kong, Macao and
 * Taiwan residents, numbered 81/82/83), passports, the return permit of Hong Kong and Macao
 * residents, the Taiwan compatriot permit and the foreigner's permanent residence ID. The exit
 * permits of mainland residents (to Hong Kong, Macao, Taiwan) are not travel documents inside the
 * mainland: their holders use their ID card.
 */
export const TRAIN_DOCUMENT_TYPES = [
  'national-id',
  'passport',
  'chinese-passport',
  'international-passport',
  'hk-macao-return-permit',
  'taiwan-compatriot-permit',
  'foreigner-residence-permit',
] as const satisfies readonly DocumentType[];
export type TrainDocumentType = (typeof TRAIN_DOCUMENT_TYPES)[number];

/** A passenger name as on the document: Chinese characters (with · of minority names) or Latin letters. */
export const TRAIN_NAME_PATTERN =
  /^(?:[\u3400-\u9fff][\u3400-\u9fff·]{0,29}|[A-Za-z]+(?:[ .'-][A-Za-z]+)*)$/u;

/** A train passenger of the booking body, as `TrainBookingPassenger` parses it. */
export interface TrainBookingPassenger {
  type: TrainPassengerType;
  name: string;
  gender?: 'male' | 'female' | undefined;
  /** Required unless the document is a resident ID card (its number carries the birth date). */
  birthday?: string | undefined;
  /** ISO 3166-1 alpha-2. */
  nationality: string;
  document: {
    interfaceType: DocumentType;
    number: string;
    expiryDate?: string | undefined;
  };
}

/** The birth date of a resident ID card number (`YYYY-MM-DD`), undefined when it is not one. */
export function birthdayFromResidentId(number: string): string | undefined {
  const id = normalizeDocumentNumber(number);
  if (!isValidResidentId(id)) return undefined;
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/**
 * The rules of a train passenger, as `{path, key}` errors with the keys of the passenger rules of
 * spec §5 (so the form shows the same messages): name as on the document, a document 12306 takes
 * with a number valid for its type (`isValidDocumentNumber`), an expiry not before the travel date,
 * a birthday (from the ID card when not given) not after today, and a child ticket only under 14.
 */
export function validateTrainPassenger(
  p: TrainBookingPassenger,
  ctx: { today: string; travelDate: string },
): RuleError[] {
  const errors: RuleError[] = [];
  if (!TRAIN_NAME_PATTERN.test(p.name.trim()))
    errors.push({ path: 'name', key: 'passenger.givenNames.letters' });
  const { interfaceType, number, expiryDate } = p.document;
  if (
    !isDocumentType(interfaceType) ||
    !(TRAIN_DOCUMENT_TYPES as readonly string[]).includes(interfaceType)
  ) {
    errors.push({
      path: 'document.interfaceType',
      key: 'passenger.documentType.notAllowed',
      params: { type: interfaceType },
    });
  } else if (!isValidDocumentNumber(interfaceType, number)) {
    errors.push({ path: 'document.number', key: 'passenger.documentNumber.invalid' });
  }
  if (expiryDate !== undefined && expiryDate < ctx.travelDate) {
    errors.push({ path: 'document.expiryDate', key: 'passenger.expiryDate.beforeTravel' });
  }
  const birthday =
    p.birthday ?? (interfaceType === 'national-id' ? birthdayFromResidentId(number) : undefined);
  if (birthday === undefined) {
    errors.push({ path: 'birthday', key: 'passenger.birthday.required' });
  } else if (birthday > ctx.today) {
    errors.push({ path: 'birthday', key: 'passenger.birthday.afterToday' });
  } else if (p.type === 'child' && ageOn(birthday, ctx.travelDate) >= TRAIN_ADULT_MIN_AGE) {
    errors.push({ path: 'type', key: 'passenger.type.invalid', params: { expected: 'adult' } });
  }
  return errors;
}
