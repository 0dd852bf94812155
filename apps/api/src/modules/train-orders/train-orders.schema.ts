import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SeatClass } from '@portal/domain/rail';
import type { TimelineNoteParams } from '@portal/domain/timeline-notes';
import type {
  TrainOrderTrain,
  TrainPassengerType,
  TrainSeatAssignment,
  TrainTimelineNoteKey,
} from '@portal/domain/train-order';
import type { TrainOrderStatus } from '@portal/domain/train-order-status';
import type { DocumentType } from '@portal/domain/document-types';
import type { PaymentState } from '@portal/domain/flight-order-status';
import { createdAt, minorUnits, timestamptz, updatedAt, uuidId } from '../../platform/db/columns';
import { orderOwnerColumns } from '../agencies/index';

/** A passenger of a train order as stored (price in minor units; seat and ticket once ticketed). */
export interface StoredTrainPassenger {
  id: string;
  type: TrainPassengerType;
  name: string;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  nationality: string;
  document: { interfaceType: DocumentType; number: string; expiryDate: string | null };
  priceMinor: number;
  seat: TrainSeatAssignment | null;
  ticketNumber: string | null;
}

/**
 * One row of an order's timeline. A note the portal writes has its key and values (and its English
 * text in `note`, for whoever reads the row); the railway's reason, and every note of rows older
 * than the keys, is only `note`.
 */
export interface StoredTrainEvent {
  status: TrainOrderStatus;
  at: string;
  note: string | null;
  noteKey?: TrainTimelineNoteKey;
  noteParams?: TimelineNoteParams;
}

/**
 * A train order: one train, one seat class, up to five passengers, paid from the wallet
 * (ledger kind `origin-train`, the order's id as the entry's order id).
 */
export const trainOrders = pgTable(
  'train_orders',
  {
    id: uuidId(),
    bookingNumber: text('booking_number').notNull(),
    ...orderOwnerColumns(),
    status: text('status').$type<TrainOrderStatus>().notNull(),
    supplier: text('supplier').notNull(),
    /** The train's reference in the supplier's search answer. */
    trainRef: text('train_ref').notNull(),
    /** The supplier's booking reference. */
    referenceId: text('reference_id').notNull(),
    train: jsonb('train').$type<TrainOrderTrain>().notNull(),
    trainNumber: text('train_number').notNull(),
    seatClass: text('seat_class').$type<SeatClass>().notNull(),
    passengers: jsonb('passengers').$type<StoredTrainPassenger[]>().notNull(),
    /** Upper-cased names for the list's passenger filter. */
    passengerNames: text('passenger_names').notNull(),
    contact: jsonb('contact')
      .$type<{ name: string; email: string; phone: { areaCode: string; number: string } }>()
      .notNull(),
    currency: text('currency').notNull(),
    orderTotalMinor: minorUnits('order_total_minor').notNull(),
    departureAt: timestamptz('departure_at').notNull(),
    /** Local departure date at the origin station, `YYYY-MM-DD`. */
    departureDate: text('departure_date').notNull(),
    paymentState: text('payment_state').$type<PaymentState>().notNull().default('unpaid'),
    paymentChannel: text('payment_channel'),
    paidAt: timestamptz('paid_at'),
    paymentDeadline: timestamptz('payment_deadline'),
    /** Set when paid while the agency's train setting `manual` was on. */
    manualTicketing: boolean('manual_ticketing').notNull().default(false),
    ticketedAt: timestamptz('ticketed_at'),
    refundFeeMinor: minorUnits('refund_fee_minor'),
    refundedMinor: minorUnits('refunded_minor'),
    timeline: jsonb('timeline').$type<StoredTrainEvent[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('train_orders_booking_number_idx').on(t.bookingNumber),
    index('train_orders_agency_created_id_idx').on(t.agencyId, t.createdAt, t.id),
    index('train_orders_agency_status_idx').on(t.agencyId, t.status),
    index('train_orders_deadline_idx')
      .on(t.paymentDeadline)
      .where(sql`${t.status} = 'to_be_paid'`),
  ],
);

export type TrainOrderRow = typeof trainOrders.$inferSelect;
export type NewTrainOrder = typeof trainOrders.$inferInsert;
