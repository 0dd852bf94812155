/*
 * Recorded-style bodies of Duffel's API (v2), written from its public API reference: offers priced
 * in CNY with conditions, baggage and available services, seat maps, and the ids Duffel gives
 * (`off_…`, `pas_…`, `seg_…`). Deterministic: the same request gives the same flights.
 */
import crypto from 'node:crypto';
import { getAirport } from '@portal/reference-data/airports';

export type Json = Record<string, unknown>;

/** Base fare and tax per passenger type, CNY minor units. */
export const FARE_MINOR = { adult: 100_000, child: 75_000, infant_without_seat: 10_000 } as const;
export const TAX_MINOR = { adult: 15_000, child: 15_000, infant_without_seat: 0 } as const;
/** Per passenger, CNY minor units: the conditions' penalties. */
export const CHANGE_PENALTY_MINOR = 20_000;
export const REFUND_PENALTY_MINOR = 30_000;
export const BAG_PRICE_MINOR = 15_000;
export const PAID_SEAT_MINOR = 5_000;
/** Offers live this long. */
export const OFFER_TTL_MS = 30 * 60_000;

export const money = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
export const minor = (amount: string | null | undefined) => Math.round(Number(amount ?? '0') * 100);

export function newId(prefix: string): string {
  return `${prefix}_0000${crypto.randomBytes(9).toString('hex')}`;
}

export function airport(code: string): Json {
  const known = getAirport(code);
  return {
    type: 'airport',
    iata_code: code,
    iata_country_code: known?.countryCode ?? 'CN',
    icao_code: null,
    id: `arp_${code.toLowerCase()}`,
    name: known?.name ?? code,
    city_name: known?.name ?? code,
    latitude: 0,
    longitude: 0,
    time_zone: known?.timeZone ?? 'Asia/Shanghai',
  };
}

const airline = (code: string) => ({
  id: `arl_${code.toLowerCase()}`,
  iata_code: code,
  name: `${code} Airlines`,
});

/** The carriers the mock sells and their flight numbers' first digits. */
export const CARRIERS = [
  { code: 'CA', base: 1500, hour: 8 },
  { code: 'MU', base: 5100, hour: 14 },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date-time `plus` minutes after `date` at `hour`:00 (no zone: as Duffel writes them). */
export function localAt(date: string, hour: number, plusMinutes = 0): string {
  const at = new Date(`${date}T${pad(hour)}:00:00Z`);
  at.setUTCMinutes(at.getUTCMinutes() + plusMinutes);
  return at.toISOString().slice(0, 19);
}

export interface OfferPassenger {
  id: string;
  type: 'adult' | 'child' | 'infant_without_seat';
}

/** One segment with its passengers' cabin and baggage. */
export function segment(
  carrier: (typeof CARRIERS)[number],
  origin: string,
  destination: string,
  date: string,
  passengers: readonly OfferPassenger[],
  shiftMinutes = 0,
): Json {
  const number = String(carrier.base + ((origin.charCodeAt(0) + destination.charCodeAt(0)) % 90));
  return {
    id: newId('seg'),
    origin: airport(origin),
    destination: airport(destination),
    origin_terminal: '2',
    destination_terminal: '1',
    departing_at: localAt(date, carrier.hour, shiftMinutes),
    arriving_at: localAt(date, carrier.hour, shiftMinutes + 135),
    duration: 'PT2H15M',
    distance: null,
    aircraft: { id: 'arc_320', iata_code: '320', name: 'Airbus A320' },
    marketing_carrier: airline(carrier.code),
    operating_carrier: airline(carrier.code),
    marketing_carrier_flight_number: number,
    operating_carrier_flight_number: number,
    stops: [],
    passengers: passengers.map((p) => ({
      passenger_id: p.id,
      cabin_class: 'economy',
      cabin_class_marketing_name: 'Economy',
      fare_basis_code: 'YOWCN',
      cabin: null,
      baggages:
        p.type === 'infant_without_seat'
          ? []
          : [
              { type: 'carry_on', quantity: 1 },
              { type: 'checked', quantity: 1 },
            ],
    })),
  };
}

const condition = (penaltyMinor: number) => ({
  allowed: true,
  penalty_amount: money(penaltyMinor),
  penalty_currency: 'CNY',
});

export interface SliceQuery {
  origin: string;
  destination: string;
  departure_date: string;
}

/** A slice of one carrier's flight. */
export function slice(
  carrier: (typeof CARRIERS)[number],
  query: SliceQuery,
  passengers: readonly OfferPassenger[],
  shiftMinutes = 0,
): Json {
  return {
    id: newId('sli'),
    origin: airport(query.origin),
    destination: airport(query.destination),
    origin_type: 'airport',
    destination_type: 'airport',
    duration: 'PT2H15M',
    fare_brand_name: 'Standard',
    comparison_key: `${carrier.code}-${query.origin}-${query.destination}`,
    ngs_shelf: null,
    conditions: {
      change_before_departure: condition(CHANGE_PENALTY_MINOR),
      refund_before_departure: null,
      advance_seat_selection: true,
      priority_boarding: false,
      priority_check_in: false,
    },
    segments: [
      segment(carrier, query.origin, query.destination, query.departure_date, passengers, shiftMinutes),
    ],
  };
}

/** The amounts of passengers, minor units. */
export function totals(passengers: readonly OfferPassenger[]): { base: number; tax: number } {
  return {
    base: passengers.reduce((s, p) => s + FARE_MINOR[p.type], 0),
    tax: passengers.reduce((s, p) => s + TAX_MINOR[p.type], 0),
  };
}

/** The checked bags sold with an offer: one service per passenger with a seat and slice. */
export function bagServices(
  slices: readonly Json[],
  passengers: readonly OfferPassenger[],
  currency: string,
): Json[] {
  return slices.flatMap((s) =>
    passengers
      .filter((p) => p.type !== 'infant_without_seat')
      .map((p) => ({
        id: newId('ase'),
        type: 'baggage',
        maximum_quantity: 2,
        passenger_ids: [p.id],
        segment_ids: (s.segments as Json[]).map((g) => g.id),
        total_amount: money(BAG_PRICE_MINOR),
        total_currency: currency,
        metadata: {
          type: 'checked',
          maximum_weight_kg: 23,
          maximum_height_cm: null,
          maximum_length_cm: null,
          maximum_depth_cm: null,
        },
      })),
  );
}

/** An offer of one carrier for the request's slices and passengers. */
export function offer(
  carrier: (typeof CARRIERS)[number],
  slices: readonly SliceQuery[],
  passengers: readonly OfferPassenger[],
  options: { currency: string; instant: boolean; now: Date },
): Json {
  const built = slices.map((q) => slice(carrier, q, passengers));
  const { base, tax } = totals(passengers);
  return {
    id: newId('off'),
    live_mode: false,
    created_at: options.now.toISOString(),
    updated_at: options.now.toISOString(),
    expires_at: new Date(options.now.getTime() + OFFER_TTL_MS).toISOString(),
    owner: airline(carrier.code),
    passengers: passengers.map((p) => ({ id: p.id, type: p.type, age: null, fare_type: null })),
    slices: built,
    base_amount: money(base),
    base_currency: options.currency,
    tax_amount: money(tax),
    tax_currency: options.currency,
    total_amount: money(base + tax),
    total_currency: options.currency,
    total_emissions_kg: '120',
    conditions: {
      change_before_departure: condition(CHANGE_PENALTY_MINOR),
      refund_before_departure: condition(REFUND_PENALTY_MINOR),
    },
    payment_requirements: {
      requires_instant_payment: options.instant,
      payment_required_by: options.instant
        ? null
        : new Date(options.now.getTime() + 24 * 3_600_000).toISOString(),
      price_guarantee_expires_at: null,
    },
    passenger_identity_documents_required: false,
    supported_passenger_identity_document_types: ['passport'],
    partial: false,
    private_fares: [],
    supported_loyalty_programmes: [],
    available_services: bagServices(built, passengers, options.currency),
  };
}

const SEAT_LETTERS = [
  ['A', 'B', 'C'],
  ['D', 'E', 'F'],
] as const;
/** Rows of the mock's cabin; row 12 is an exit row and 10A is taken. */
export const SEAT_ROWS = [10, 11, 12, 13, 14];
export const EXIT_ROW = 12;
export const TAKEN_SEAT = '10A';

/** The seat map of one segment: every seat priced per passenger with a seat (front rows paid). */
export function seatMap(sliceId: string, segment: Json, passengers: readonly OfferPassenger[]): Json {
  const seated = passengers.filter((p) => p.type !== 'infant_without_seat');
  return {
    id: newId('sea'),
    slice_id: sliceId,
    segment_id: segment.id,
    cabins: [
      {
        deck: 0,
        cabin_class: 'economy',
        aisles: 1,
        wings: { first_row_index: 1, last_row_index: 3 },
        rows: SEAT_ROWS.map((row) => ({
          sections: SEAT_LETTERS.map((letters, i) => ({
            elements: [
              ...(row === EXIT_ROW && i === 0 ? [{ type: 'exit_row' }] : []),
              ...letters.map((letter) => {
                const designator = `${row}${letter}`;
                return {
                  type: 'seat',
                  designator,
                  name: null,
                  disclosures: [],
                  available_services:
                    designator === TAKEN_SEAT
                      ? []
                      : seated.map((p) => ({
                          id: `ase_seat_${String(segment.id)}_${designator}_${p.id}`,
                          passenger_id: p.id,
                          total_amount: money(row <= 11 ? PAID_SEAT_MINOR : 0),
                          total_currency: 'CNY',
                        })),
                };
              }),
            ],
          })),
        })),
      },
    ],
  };
}

/** The seat services of seat maps by id, with the seat and segment each is for. */
export function seatServicesOf(maps: readonly Json[]): Map<string, Json> {
  const services = new Map<string, Json>();
  for (const map of maps) {
    for (const cabin of map.cabins as Json[]) {
      for (const row of cabin.rows as Json[]) {
        for (const section of row.sections as Json[]) {
          for (const element of section.elements as Json[]) {
            for (const service of (element.available_services as Json[] | undefined) ?? []) {
              services.set(service.id as string, {
                ...service,
                designator: element.designator,
                segment_id: map.segment_id,
              });
            }
          }
        }
      }
    }
  }
  return services;
}
