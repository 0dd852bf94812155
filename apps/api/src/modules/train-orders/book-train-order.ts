// Booking a train order: the passengers checked, the supplier asked with no transaction open, the order saved.
import crypto from 'node:crypto';
import { type RuleError, validateContact } from '@portal/domain/passenger-rules';
import type { TrainOffer } from '@portal/domain/rail';
import {
  birthdayFromResidentId,
  TRAIN_PAYMENT_MINUTES,
  trainTicketPriceMinor,
  validateTrainPassenger,
  type CreateTrainOrderBody,
} from '@portal/domain/train-order';
import { normalizeDocumentNumber } from '@portal/domain/document-types';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { supplierInList } from '../agencies/index';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { toMinor } from '../wallet/index';
import { presentTrain } from '../rail/index';
import type { RailTrain } from '../rail/index';
import { insertTrainOrder, trainEvent } from './train-orders.repo';
import type { StoredTrainPassenger, TrainOrderRow } from './train-orders.schema';
import {
  RAIL_ORDER_CALL_MS,
  TRAIN_PAYMENT_DEADLINE_JOB,
  type TrainOrderDeps,
  beijingDay,
} from './train-orders.service';

const ruleErrors = (prefix: string, errors: readonly RuleError[]) =>
  errors.map((e) => ({
    path: `${prefix}.${e.path}`,
    message: e.key,
    key: e.key,
    ...(e.params ? { params: e.params } : {}),
  }));

/** What the supplier answered a booking: booked, or the offer as it is now (409 QUOTE_CHANGED). */
export type TrainBookingOutcome =
  | { kind: 'booked'; supplier: string; reference: string; train: RailTrain; priceMinor: number }
  | { kind: 'quote_changed'; reason: 'price_changed' | 'unavailable'; train: TrainOffer | null };

/**
 * Checks the passengers (the document rules of spec §5 as 12306 takes them) and the contact (as
 * a flight booking's), then asks the rail suppliers to book the chosen train and class at the
 * price the agent saw; no transaction is open.
 */
export async function bookTrainAtSupplier(
  deps: TrainOrderDeps,
  body: CreateTrainOrderBody,
  /** The rail suppliers the platform lets the agency's tree use; null: all. */
  allowed: string[] | null = null,
): Promise<TrainBookingOutcome> {
  const now = deps.now();
  const travelDate = body.trainId.split('|')[3] ?? beijingDay(now);
  const errors = body.passengers.flatMap((p, i) =>
    ruleErrors(`passengers.${i}`, validateTrainPassenger(p, { today: beijingDay(now), travelDate })),
  );
  if (errors.length > 0) throw new AppError('PASSENGER_INVALID', undefined, { errors });
  const contactErrors = validateContact(body.contact);
  if (contactErrors.length > 0) {
    throw new AppError('CONTACT_INVALID', undefined, { errors: ruleErrors('contact', contactErrors) });
  }

  const configured = deps.rail.list();
  if (configured.length === 0) throw new AppError('SERVICE_UNAVAILABLE');
  // A rail supplier the platform does not let the agency use is never asked to book.
  const suppliers = configured.filter((s) => supplierInList(allowed, s.name));
  if (suppliers.length === 0) throw new AppError('SUPPLIER_NOT_ALLOWED');
  if (body.expectedPrice.currency !== 'CNY') {
    return { kind: 'quote_changed', reason: 'price_changed', train: null };
  }
  // Too many decimals, or more than a balance can hold: 400, as every amount the API takes.
  const expectedPriceMinor = toMinor(body.expectedPrice.amount, 'CNY');
  const request = {
    ref: body.trainId,
    seatClass: body.seatClass,
    expectedPriceMinor,
    passengers: body.passengers.map((p) => ({
      name: p.name.trim(),
      type: p.type,
      documentType: p.document.interfaceType,
      documentNumber: normalizeDocumentNumber(p.document.number),
    })),
  };
  let changed: TrainBookingOutcome | undefined;
  for (const supplier of suppliers) {
    let answer;
    try {
      answer = await supplier.book(request, AbortSignal.timeout(RAIL_ORDER_CALL_MS));
    } catch {
      continue;
    }
    if (answer.kind === 'booked' && Date.parse(answer.train.departureUtc) <= now.getTime()) {
      // The train has left (a search answer holds the whole day): release the seats at once.
      await supplier.cancel(answer.reference, AbortSignal.timeout(RAIL_ORDER_CALL_MS)).catch(() => undefined);
      return { kind: 'quote_changed', reason: 'unavailable', train: null };
    }
    if (answer.kind === 'booked') {
      return {
        kind: 'booked',
        supplier: supplier.name,
        reference: answer.reference,
        train: answer.train,
        priceMinor: answer.priceMinor,
      };
    }
    // A supplier that knows the train says more than one that does not.
    if (answer.kind === 'price_changed' || answer.train || !changed) {
      changed = {
        kind: 'quote_changed',
        reason: answer.kind === 'price_changed' ? 'price_changed' : 'unavailable',
        train: answer.train ? presentTrain(answer.train) : null,
      };
    }
  }
  // Every supplier failed: nothing is booked.
  if (changed) return changed;
  throw new AppError('BOOKING_FAILED');
}

/** Saves a booked order (to be paid before its deadline) and queues its deadline, in `tx`. */
export async function saveTrainOrder(
  tx: Db,
  ctx: RequestContext,
  body: CreateTrainOrderBody,
  booked: Extract<TrainBookingOutcome, { kind: 'booked' }>,
  now: Date,
): Promise<TrainOrderRow> {
  const { train } = booked;
  const passengers: StoredTrainPassenger[] = body.passengers.map((p) => ({
    id: crypto.randomUUID(),
    type: p.type,
    name: p.name.trim(),
    gender: p.gender ?? null,
    birthday:
      p.birthday ??
      (p.document.interfaceType === 'national-id'
        ? (birthdayFromResidentId(p.document.number) ?? null)
        : null),
    nationality: p.nationality.toUpperCase(),
    document: {
      interfaceType: p.document.interfaceType,
      number: normalizeDocumentNumber(p.document.number),
      expiryDate: p.document.expiryDate ?? null,
    },
    priceMinor: trainTicketPriceMinor(booked.priceMinor, p.type),
    seat: null,
    ticketNumber: null,
  }));
  const offer = presentTrain(train);
  const departureAt = new Date(train.departureUtc);
  const paymentDeadline = new Date(
    Math.min(now.getTime() + TRAIN_PAYMENT_MINUTES * 60_000, departureAt.getTime()),
  );
  const order = await insertTrainOrder(
    tx,
    {
      agencyId: ctx.agency.id,
      userId: ctx.user.id,
      status: 'to_be_paid',
      supplier: booked.supplier,
      trainRef: body.trainId,
      referenceId: booked.reference,
      train: {
        trainNumber: offer.trainNumber,
        trainType: offer.trainType,
        departure: offer.departure,
        arrival: offer.arrival,
        departureUtc: departureAt.toISOString(),
        durationMinutes: offer.durationMinutes,
        distanceKm: offer.distanceKm,
      },
      trainNumber: offer.trainNumber,
      seatClass: body.seatClass,
      passengers,
      passengerNames: passengers.map((p) => p.name.toUpperCase()).join('\n'),
      contact: body.contact,
      currency: train.currency,
      orderTotalMinor: passengers.reduce((sum, p) => sum + p.priceMinor, 0),
      departureAt,
      departureDate: offer.departure.time.slice(0, 10),
      paymentDeadline,
      timeline: [trainEvent('to_be_paid', now, { key: 'bookedBy', params: { user: ctx.user.username } })],
      createdAt: now,
      updatedAt: now,
    },
    now,
  );
  await enqueueJob(tx, TRAIN_PAYMENT_DEADLINE_JOB, { orderId: order.id }, paymentDeadline);
  return order;
}
