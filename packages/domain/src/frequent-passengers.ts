import { z } from 'zod';
import { BookingPassenger, IsoDate, MAX_PAGE_SIZE, pageOf, Timestamp, TravelDocument } from './flight-order';
import { canAddFrequentPassenger, MAX_FREQUENT_PASSENGERS } from './limits';
import {
  MEMBER_CARD_AIRLINE_PATTERN,
  MEMBER_CARD_NUMBER_PATTERN,
  MEMBER_CARD_TIER_MAX,
} from './member-card-fields';
import { GIVEN_NAMES_PATTERN, PASSENGER_TEXT_MAX, SURNAME_PATTERN } from './name-patterns';
import { CalendarDate, CleanText } from './primitives';

export { canAddFrequentPassenger, MAX_FREQUENT_PASSENGERS };

/**
 * Body of `POST /base/v2/often-used-passengers`: the booking passenger's fields (payload names)
 * without the passenger type, which follows from the birthday on each trip's date. Dates are
 * calendar days from 1900 (spec §5: yyyy-mm-dd, invalid year); "birthday not after today" needs
 * the server's clock and is checked by the service.
 */
export const FrequentPassengerBody = BookingPassenger.omit({ type: true }).extend({
  birthday: CalendarDate,
  travel_document: TravelDocument.safeExtend({ expiryDate: CalendarDate }),
});
export type FrequentPassengerBody = z.infer<typeof FrequentPassengerBody>;

/** Body of `PUT /base/v2/often-used-passengers/{id}`: any subset of the fields. */
export const UpdateFrequentPassengerBody = FrequentPassengerBody.partial();
export type UpdateFrequentPassengerBody = z.infer<typeof UpdateFrequentPassengerBody>;

/** An often-used passenger as the API answers it (at most `MAX_FREQUENT_PASSENGERS` per user). */
export const FrequentPassenger = z.object({
  id: z.string(),
  surname: z.string(),
  given_names: z.string(),
  gender: z.enum(['male', 'female']),
  birthday: IsoDate,
  nationality: z.string(),
  travel_document: z.object({
    type: TravelDocument.shape.type,
    interfaceType: TravelDocument.shape.interfaceType,
    number: z.string(),
    expiryDate: IsoDate,
    issuingPlace: z.string().nullable(),
  }),
  frequentFlyer: z.object({ airline: z.string(), number: z.string() }).nullable(),
  phone: z.object({ areaCode: z.string(), number: z.string() }).nullable(),
  email: z.string().nullable(),
  updatedAt: Timestamp,
});
export type FrequentPassenger = z.infer<typeof FrequentPassenger>;

/** Query of the often-used passenger and member card lists: paging and a name or number keyword. */
export const PassengerListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  keyword: CleanText.trim().max(64).optional(),
});
export type PassengerListQuery = z.infer<typeof PassengerListQuery>;

/** Path parameter of one often-used passenger or member card. */
export const PassengerIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export const FrequentPassengerList = pageOf(FrequentPassenger);
export type FrequentPassengerList = z.infer<typeof FrequentPassengerList>;

/**
 * Body of `POST /base/v2/member-cards`: an airline loyalty card, for the passenger named on it.
 * Optionally linked to an often-used passenger so the picker can fill the frequent flyer number.
 */
export const MemberCardBody = z.strictObject({
  /** Issuing airline, IATA code. */
  airline: z.string().regex(MEMBER_CARD_AIRLINE_PATTERN),
  number: z.string().trim().regex(MEMBER_CARD_NUMBER_PATTERN),
  surname: z.string().trim().min(1).max(PASSENGER_TEXT_MAX.surname).regex(SURNAME_PATTERN),
  given_names: z.string().trim().min(1).max(PASSENGER_TEXT_MAX.givenNames).regex(GIVEN_NAMES_PATTERN),
  /** Loyalty programme tier as printed (e.g. "Gold"). */
  tier: CleanText.trim().max(MEMBER_CARD_TIER_MAX).optional(),
  expiryDate: CalendarDate.optional(),
  frequentPassengerId: z.string().min(1).max(64).optional(),
});
export type MemberCardBody = z.infer<typeof MemberCardBody>;

/** Body of `PUT /base/v2/member-cards/{id}`. */
export const UpdateMemberCardBody = MemberCardBody.partial();
export type UpdateMemberCardBody = z.infer<typeof UpdateMemberCardBody>;

export const MemberCard = z.object({
  id: z.string(),
  airline: z.string(),
  number: z.string(),
  surname: z.string(),
  given_names: z.string(),
  tier: z.string().nullable(),
  expiryDate: IsoDate.nullable(),
  frequentPassengerId: z.string().nullable(),
  updatedAt: Timestamp,
});
export type MemberCard = z.infer<typeof MemberCard>;

export const MemberCardList = pageOf(MemberCard);
export type MemberCardList = z.infer<typeof MemberCardList>;
