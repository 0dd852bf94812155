import {
  ageOn,
  passengerTypeForAge,
  validatePassenger,
  type PhoneCheck,
  type RuleError,
} from '@portal/domain/passenger-checks';
import type { PassengerType } from '@portal/domain/shopping';
import { FIELD_OF_PATH, toDraft, type FrequentFormValue, type PassengerFormValue } from './passenger-form';

/**
 * The rules of an often-used passenger, as the API applies them: the booking rules judged on
 * today with no fare, less the two that depend on a trip. The passenger type follows from the
 * birthday on each trip's date, and a document may expire before the next trip is booked (the
 * booking form refuses it then); the API saves both.
 */
export function validateFrequentPassenger(
  value: FrequentFormValue | undefined,
  today: string,
  isValidPhone: PhoneCheck,
): RuleError[] {
  return validatePassenger(
    toDraft({ ...value, type: 'adult' }),
    { today, travelDate: today, fare: {} },
    isValidPhone,
  ).filter((error) => error.path !== 'type' && error.key !== 'passenger.expiryDate.beforeTravel');
}

/** The editor's field of a path of the API's field errors (the booking's, plus the optional fields). */
export const FREQUENT_FIELD_OF_PATH: Record<string, keyof PassengerFormValue> = {
  ...FIELD_OF_PATH,
  'travel_document.issuingPlace': 'issuingPlace',
  frequentFlyer: 'ffNumber',
  'frequentFlyer.airline': 'ffAirline',
  'frequentFlyer.number': 'ffNumber',
};

/** The passenger type a birthday gives on `today` (for display: each booking judges it on its date). */
export function passengerTypeOn(birthday: string, today: string): PassengerType {
  return passengerTypeForAge(ageOn(birthday, today));
}
