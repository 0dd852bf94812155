import type { OrderPassenger } from '@portal/domain/flight-order';
import type { FlightOrderStatus } from '@portal/domain/flight-order-status';
import type { TimelineNote } from '@portal/domain/timeline-notes';
import { encodeTimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../platform/db';
import type { NewFlightOrder } from '../modules/flight-orders/flight-orders.repo';
import type { FlightOrderRow } from '../modules/flight-orders/flight-orders.schema';
import type { Random } from '../simulation/prng';
import type { DemoOfferBook } from './business-offers';
import type { MoneyEvent } from './business-ledger';
import { TRAVELLER_NAMES } from './business-people';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A flight order row with its id, booking number and times fixed by the seed. */
export type PlannedOrder = NewFlightOrder & { id: string; bookingNumber: string; createdAt: Date };

export interface PlannedEvent {
  orderId: string;
  fromStatus: FlightOrderStatus | null;
  toStatus: FlightOrderStatus;
  at: Date;
  note: string | null;
}

/** Work that needs the inserted rows (ticket claims, jobs), run after the bulk inserts. */
export type AfterInsert = (tx: Db, rows: ReadonlyMap<string, FlightOrderRow>) => Promise<void>;

/** What the flight history collects before anything is written. */
export class FlightHistory {
  readonly orders: PlannedOrder[] = [];
  readonly events: PlannedEvent[] = [];
  readonly tickets: { ticketNumber: string; orderId: string; passengerId: string }[] = [];
  readonly money: MoneyEvent[] = [];
  readonly afterInsert: AfterInsert[] = [];
  private readonly numbers = new Set<string>();

  constructor(
    readonly rng: Random,
    readonly now: Date,
    readonly book: DemoOfferBook,
    readonly userIds: ReadonlyMap<string, number>,
  ) {}

  userId(username: string): number {
    const id = this.userIds.get(username);
    if (id === undefined) throw new Error(`demo user ${username} missing`);
    return id;
  }

  /** A version-4 UUID from the seed's random source (the same on every run). */
  uuid(): string {
    const hex = (n: number) => Array.from({ length: n }, () => this.rng.int(0, 15).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + this.rng.int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`;
  }

  /** `F` + UTC date + 6 digits, unique within the history. */
  bookingNumber(at: Date): string {
    for (;;) {
      const number = `F${at.toISOString().slice(0, 10).replaceAll('-', '')}${String(this.rng.int(0, 999_999)).padStart(6, '0')}`;
      if (!this.numbers.has(number)) {
        this.numbers.add(number);
        return number;
      }
    }
  }

  pnr(): string {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    return Array.from({ length: 6 }, () => this.rng.pick([...alphabet])).join('');
  }

  /** A ticket number: the carrier's prefix and a serial starting with 8 (the simulators' start with 1-9). */
  ticketNumber(prefix: string): string {
    return `${prefix}8${String(this.rng.int(0, 999_999_999)).padStart(9, '0')}`;
  }

  /** Travellers for an order: adults (and a child now and then), with their own passports. */
  passengers(adults: number, children: number): OrderPassenger[] {
    const { surnames, given } = TRAVELLER_NAMES;
    const surname = this.rng.pick(surnames);
    const one = (type: 'adult' | 'child', i: number): OrderPassenger => {
      const year =
        type === 'adult' ? this.rng.int(1962, 2000) : this.now.getUTCFullYear() - this.rng.int(4, 10);
      return {
        id: this.uuid(),
        type,
        surname: i === 0 || type === 'child' ? surname : this.rng.pick(surnames),
        given_names: this.rng.pick(given),
        gender: this.rng.chance(0.5) ? 'male' : 'female',
        birthday: `${year}-${String(this.rng.int(1, 12)).padStart(2, '0')}-${String(this.rng.int(1, 28)).padStart(2, '0')}`,
        nationality: surname.length > 0 && this.rng.chance(0.85) ? 'CN' : 'HK',
        travel_document: {
          type: 'passport',
          interfaceType: 'passport',
          number: `E${String(this.rng.int(10_000_000, 99_999_999))}`,
          expiryDate: `${this.now.getUTCFullYear() + this.rng.int(2, 9)}-06-30`,
          issuingPlace: null,
        },
        frequentFlyer: null,
        ticketNumbers: [],
      };
    };
    return [
      ...Array.from({ length: adults }, (_, i) => one('adult', i)),
      ...Array.from({ length: children }, (_, i) => one('child', adults + i)),
    ];
  }

  /** Records a status move of an order (its timeline row). */
  event(
    order: { id: string },
    from: FlightOrderStatus | null,
    to: FlightOrderStatus,
    at: Date,
    note: TimelineNote | null = null,
  ): void {
    this.events.push({
      orderId: order.id,
      fromStatus: from,
      toStatus: to,
      at,
      note: note && encodeTimelineNote(note),
    });
  }

  /** Moves `order` through `steps` from its current status, each `gapMs` after the previous one. */
  walk(
    order: PlannedOrder,
    steps: readonly (FlightOrderStatus | [FlightOrderStatus, TimelineNote])[],
    at: Date,
    gapMs = 0,
  ): Date {
    let when = at;
    for (const step of steps) {
      const [to, note] = Array.isArray(step) ? step : [step, null];
      this.event(order, order.status, to, when, note);
      order.status = to;
      order.updatedAt = when;
      when = new Date(when.getTime() + gapMs);
    }
    return new Date(when.getTime() - gapMs);
  }
}
