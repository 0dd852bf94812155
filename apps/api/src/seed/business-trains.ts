import { railRefundQuote } from '@portal/domain/rail';
import { trainTicketPriceMinor } from '@portal/domain/train-order';
import type { TrainOrderStatus } from '@portal/domain/train-order-status';
import type { Db } from '../platform/db';
import { enqueueJob } from '../platform/jobs';
import { TRAIN_PAYMENT_DEADLINE_JOB } from '../modules/train-orders/train-orders.service';
import { presentTrain, type RailTrain } from '../modules/rail/index';
import { trainEvent } from '../modules/train-orders/train-orders.repo';
import {
  trainOrders,
  type StoredTrainEvent,
  type StoredTrainPassenger,
} from '../modules/train-orders/train-orders.schema';
import { createSimRail } from '../simulation/rail/sim-rail';
import { moneyBackEvent, paymentEvent } from './business-ledger';
import { DAY_MS, HOUR_MS, MINUTE_MS, type FlightHistory } from './business-context';

/** Lines the rail agency sells most (12306 telegraph codes). */
const LINES: readonly [string, string][] = [
  ['VNP', 'AOH'],
  ['AOH', 'VNP'],
  ['AOH', 'HGH'],
  ['VNP', 'TJP'],
  ['IZQ', 'IOQ'],
  ['AOH', 'NKH'],
];

/** A quarter's train orders by outcome: (agency, how many, outcome). */
const TRAIN_MIX: readonly { agencyId: number; user: string; n: number; fate: TrainOrderStatus }[] = [
  { agencyId: 3, user: 'trainop', n: 22, fate: 'ticketed' },
  { agencyId: 3, user: 'trainop', n: 4, fate: 'refunded' },
  { agencyId: 3, user: 'trainop', n: 5, fate: 'canceled' },
  { agencyId: 3, user: 'trainop', n: 2, fate: 'to_be_paid' },
  { agencyId: 1, user: 'operator', n: 8, fate: 'ticketed' },
  { agencyId: 1, user: 'operator', n: 1, fate: 'refunded' },
];

const NAMES = [
  '王建国',
  '李娜',
  '张伟',
  '刘洋',
  '陈静',
  '杨帆',
  '赵磊',
  '黄丽',
  '周杰',
  '吴敏',
  '徐涛',
  '孙悦',
];

type TrainRow = typeof trainOrders.$inferInsert;

/**
 * Train orders of the quarter for the rail agency and the head office, on the simulated
 * railway's timetable: ticketed (coach and seat), refunded by 12306's fee rule, canceled before
 * payment, and two waiting for payment; each paid one took its total from the wallet once and a
 * refund gave the price less the fee back (`trainOrderViolations`). Returns the rows to insert.
 */
export async function planTrains(h: FlightHistory): Promise<TrainRow[]> {
  const rail = createSimRail({ latencyScale: 0, seed: 'demo-history' });
  const timetable = new Map<string, RailTrain[]>();
  const rows: TrainRow[] = [];
  const signal = new AbortController().signal;
  const now = h.now.getTime();
  for (const mix of TRAIN_MIX) {
    for (let i = 0; i < mix.n; i++) {
      const [from, to] = h.rng.pick(LINES);
      const pending = mix.fate === 'to_be_paid';
      const createdAt = new Date(
        pending
          ? now - h.rng.int(3, 20) * MINUTE_MS
          : now - h.rng.int(1, 88) * DAY_MS - h.rng.int(0, 600) * MINUTE_MS,
      );
      const day = new Date(createdAt.getTime() + h.rng.int(1, 12) * DAY_MS).toISOString().slice(0, 10);
      const key = `${from}-${to}`;
      // One timetable per line, moved to the travel day (the simulated trains run daily).
      let trains = timetable.get(key);
      if (!trains) {
        trains = await rail.search({ origins: [from], destinations: [to], date: day }, signal);
        timetable.set(key, trains);
      }
      const base = trains.length > 0 ? h.rng.pick(trains) : undefined;
      const seat = base?.seats[0];
      if (!base || !seat) continue;
      const moved =
        Date.parse(`${day}T00:00:00Z`) - Date.parse(`${base.departureLocal.slice(0, 10)}T00:00:00Z`);
      const shift = (iso: string) => new Date(Date.parse(iso) + moved).toISOString();
      const local = (text: string) => new Date(Date.parse(`${text}Z`) + moved).toISOString().slice(0, 16);
      const train: RailTrain = {
        ...base,
        departureLocal: local(base.departureLocal),
        arrivalLocal: local(base.arrivalLocal),
        departureUtc: shift(base.departureUtc),
        arrivalUtc: shift(base.arrivalUtc),
        ref: `${base.trainNumber}|${from}|${to}|${day}`,
      };
      const offer = presentTrain(train);
      const count = h.rng.chance(0.7) ? 1 : 2;
      const passengers: StoredTrainPassenger[] = Array.from({ length: count }, () => ({
        id: h.uuid(),
        type: 'adult',
        name: h.rng.pick(NAMES),
        gender: null,
        birthday: null,
        nationality: 'CN',
        document: {
          interfaceType: 'national-id',
          number: `110105${h.rng.int(1960, 1999)}0${h.rng.int(1, 9)}1${h.rng.int(0, 9)}${h.rng.int(100, 999)}X`,
          expiryDate: null,
        },
        priceMinor: trainTicketPriceMinor(seat.priceMinor, 'adult'),
        seat: null,
        ticketNumber: null,
      }));
      const total = passengers.reduce((n, p) => n + p.priceMinor, 0);
      const userId = h.userId(mix.user);
      const timeline: StoredTrainEvent[] = [
        trainEvent('to_be_paid', createdAt, { key: 'bookedBy', params: { user: mix.user } }),
      ];
      const row: TrainRow = {
        id: h.uuid(),
        bookingNumber: `T${createdAt.toISOString().slice(0, 10).replaceAll('-', '')}${String(h.rng.int(0, 999_999)).padStart(6, '0')}`,
        agencyId: mix.agencyId,
        userId,
        status: 'to_be_paid',
        supplier: 'sim-rail',
        trainRef: train.ref,
        referenceId: `E${h.rng.int(100_000_000, 999_999_999)}`,
        train: {
          trainNumber: offer.trainNumber,
          trainType: offer.trainType,
          departure: offer.departure,
          arrival: offer.arrival,
          departureUtc: train.departureUtc,
          durationMinutes: offer.durationMinutes,
          distanceKm: offer.distanceKm,
        },
        trainNumber: offer.trainNumber,
        seatClass: seat.seatClass,
        passengers,
        passengerNames: passengers.map((p) => p.name.toUpperCase()).join('\n'),
        contact: {
          name: passengers[0]?.name ?? '旅客',
          email: 'rail.desk@example.com',
          phone: { areaCode: '86', number: '13911112222' },
        },
        currency: 'CNY',
        orderTotalMinor: total,
        departureAt: new Date(train.departureUtc),
        departureDate: day,
        paymentDeadline: new Date(createdAt.getTime() + 30 * MINUTE_MS),
        timeline,
        createdAt,
        updatedAt: createdAt,
      };
      rows.push(row);
      if (pending) {
        const due = row.paymentDeadline ?? createdAt;
        h.afterInsert.push((tx) =>
          enqueueJob(tx, TRAIN_PAYMENT_DEADLINE_JOB, { orderId: row.id }, due).then(() => undefined),
        );
        continue;
      }
      if (mix.fate === 'canceled') {
        const at = new Date(createdAt.getTime() + h.rng.int(3, 25) * MINUTE_MS);
        timeline.push(trainEvent('canceled', at, { key: 'canceledBy', params: { user: mix.user } }));
        row.status = 'canceled';
        row.updatedAt = at;
        continue;
      }
      const paidAt = new Date(createdAt.getTime() + h.rng.int(2, 20) * MINUTE_MS);
      const ticketedAt = new Date(paidAt.getTime() + 2 * MINUTE_MS);
      timeline.push(
        trainEvent('proceeding', paidAt, { key: 'paidWithBalance' }),
        trainEvent('ticketed', ticketedAt, null),
      );
      Object.assign(row, {
        status: 'ticketed',
        paymentState: 'paid',
        paymentChannel: 'balance',
        paidAt,
        ticketedAt,
        updatedAt: ticketedAt,
      });
      const coach = String(h.rng.int(2, 16)).padStart(2, '0');
      const firstRow = h.rng.int(1, 15);
      row.passengers = passengers.map((p, k) => ({
        ...p,
        seat: { coach, seatNumber: `${String(firstRow).padStart(2, '0')}${'ABCDF'[k] ?? 'F'}` },
        ticketNumber: `${row.referenceId}${k + 1}`,
      }));
      h.money.push(
        paymentEvent({
          agencyId: mix.agencyId,
          orderId: row.id ?? '',
          bookingNumber: row.bookingNumber,
          kind: 'origin-train',
          amountMinor: total,
          description: 'Train order',
          createdBy: userId,
          markupLegs: [],
          channel: 'balance',
          at: paidAt,
        }),
      );
      if (mix.fate !== 'refunded') continue;
      const asked = new Date(
        Math.min(ticketedAt.getTime() + DAY_MS, Date.parse(train.departureUtc) - 3 * HOUR_MS, now - HOUR_MS),
      );
      const quote = railRefundQuote(total, new Date(train.departureUtc), asked);
      const feeMinor = quote.refundable ? quote.feeMinor : 0;
      const percent = quote.refundable ? quote.percent : 0;
      const back = total - feeMinor;
      const done = new Date(asked.getTime() + 5 * MINUTE_MS);
      timeline.push(
        trainEvent('refunding', asked, {
          key: 'refundAskedBy',
          params: { user: mix.user, percent: String(percent) },
        }),
        trainEvent('refunded', done, null),
      );
      Object.assign(row, {
        status: 'refunded',
        refundFeeMinor: feeMinor,
        refundedMinor: back,
        updatedAt: done,
      });
      if (back > 0) {
        h.money.push(
          moneyBackEvent({
            agencyId: mix.agencyId,
            orderId: row.id ?? '',
            bookingNumber: row.bookingNumber,
            kind: 'reimbursement',
            amountMinor: back,
            description: 'Train order refund',
            at: done,
          }),
        );
      }
    }
  }
  return rows;
}

/** Inserts the planned train orders (one statement). */
export async function insertTrains(tx: Db, rows: readonly TrainRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(trainOrders).values([...rows]);
}
