import type { CreateGroupOrderBody, GroupQuoteFlight } from '@portal/domain/group-order';
import type { InstalmentKind } from '@portal/domain/group-order-status';
import type { BaggageRule, PassengerType } from '@portal/domain/shopping';

/** What the desk is asked: the request as sent, for how many, in which currency and zone. */
export interface GroupDeskRequest {
  /** The order id: the simulated desk's answers are deterministic per request. */
  orderId: string;
  request: CreateGroupOrderBody;
  currency: string;
  timeZone: string;
}

/** One quote as the desk gives it (minor units of the request currency). */
export interface DeskQuote {
  flights: GroupQuoteFlight[];
  fares: { passengerType: PassengerType; count: number; fareMinor: number; taxesMinor: number }[];
  baggage: BaggageRule[];
  totalMinor: number;
  confirmBy: Date;
  passengerListDeadline: Date;
  plan: { n: number; kind: InstalmentKind; amountMinor: number; deadline: string }[];
}

export type DeskQuoteAnswer = { kind: 'quoted'; quotes: DeskQuote[] } | { kind: 'no_quote' };
export type DeskSeatAnswer =
  | { kind: 'granted' }
  /** Seats are not held after a quote: the price moved, here are new quotes. */
  | { kind: 'price_changed'; quotes: DeskQuote[] }
  | { kind: 'no_seats' };

/**
 * A group desk: one more supplier behind an adapter. Every call may be a network call: callers
 * never hold a transaction across one. Times are real instants; `timeScale` shortens delays.
 */
export interface GroupDesk {
  readonly name: string;
  /** When the desk answers a request made at `at` (before TIME_SCALE). */
  answerAt(request: GroupDeskRequest, at: Date): Date;
  /** The desk's answer to a request. `at`: when it answers. */
  quote(request: GroupDeskRequest, at: Date, timeScale: number): Promise<DeskQuoteAnswer>;
  /** Applies for the seats of a picked quote. */
  applySeats(
    request: GroupDeskRequest,
    quote: DeskQuote,
    at: Date,
    timeScale: number,
  ): Promise<DeskSeatAnswer>;
  /** Issues one ticket per passenger (per journey flight), in the order given. */
  issue(request: GroupDeskRequest, passengers: readonly { id: string }[]): Promise<string[][]>;
}

/**
 * The group desks of an app, chosen by the composition root (`app.ts`): the simulated one
 * of the simulation folder with SIMULATED_SUPPLIERS, none otherwise.
 */
export interface GroupDeskRegistry {
  /** The desk new requests go to, if any. */
  current(): GroupDesk | undefined;
  get(name: string): GroupDesk | undefined;
}

export function createGroupDeskRegistry(desks: readonly GroupDesk[]): GroupDeskRegistry {
  const byName = new Map(desks.map((d) => [d.name, d]));
  return { current: () => desks[0], get: (name) => byName.get(name) };
}
