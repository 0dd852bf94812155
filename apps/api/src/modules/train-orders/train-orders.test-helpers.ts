import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { residentIdCheckChar } from '@portal/domain/document-types';
import type { TrainOffer } from '@portal/domain/rail';
import type { TrainOrder } from '@portal/domain/train-order';
import type { Db } from '../../platform/db';
import { bearer, body } from '../../test/app';
import { insertTrainOrder } from './train-orders.repo';

/** A departure date `days` from now (the simulated timetables run every day). */
export const trainDate = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A valid resident ID number of someone born on `yyyymmdd`. */
export function residentId(yyyymmdd = '19850314', seq = '123'): string {
  const first17 = `110105${yyyymmdd}${seq}`;
  return `${first17}${residentIdCheckChar(first17) ?? '0'}`;
}

export const idCardPassenger = (extra: Record<string, unknown> = {}) => ({
  type: 'adult',
  name: '张伟',
  nationality: 'CN',
  document: { interfaceType: 'national-id', number: residentId() },
  ...extra,
});

export const passportPassenger = (extra: Record<string, unknown> = {}) => ({
  type: 'adult',
  name: 'John Smith',
  gender: 'male',
  birthday: '1980-05-01',
  nationality: 'GB',
  document: { interfaceType: 'passport', number: 'P1234567', expiryDate: '2035-01-01' },
  ...extra,
});

export const trainContact = () => ({
  name: 'Zhang Wei',
  email: 'zhang.wei@example.com',
  phone: { areaCode: '86', number: '13800138000' },
});

/** The first G train between Beijing South and Shanghai Hongqiao with second-class seats for `seats`. */
export async function pickTrain(
  app: FastifyInstance,
  token: string,
  {
    date = trainDate(),
    seats = 2,
    departsWithinHours,
  }: { date?: string; seats?: number; departsWithinHours?: readonly [number, number] } = {},
): Promise<{ train: TrainOffer; price: { amount: string; currency: 'CNY' } }> {
  const res = await app.inject({
    method: 'POST',
    url: '/shopping/v2/train/search',
    payload: { origin: 'VNP', destination: 'AOH', date },
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`train search: ${res.body}`);
  const trains = body<{ trains: TrainOffer[] }>(res).data.trains;
  for (const train of trains) {
    const second = train.seats.find((s) => s.seatClass === 'second' && s.available >= seats);
    const hours = (Date.parse(`${train.departure.time}:00+08:00`) - Date.now()) / 3_600_000;
    const inWindow =
      !departsWithinHours || (hours >= departsWithinHours[0] && hours <= departsWithinHours[1]);
    if (train.trainType === 'G' && second && inWindow) {
      return { train, price: second.price as { amount: string; currency: 'CNY' } };
    }
  }
  throw new Error('no G train with second-class seats');
}

/** Books the picked train for `passengers`; answers the order. */
export async function bookTrain(
  app: FastifyInstance,
  token: string,
  passengers: object[] = [idCardPassenger(), passportPassenger()],
  options: { date?: string; key?: string; departsWithinHours?: readonly [number, number] } = {},
): Promise<TrainOrder> {
  const { train, price } = await pickTrain(app, token, {
    date: options.date,
    seats: passengers.length,
    departsWithinHours: options.departsWithinHours,
  });
  const res = await app.inject({
    method: 'POST',
    url: '/order/v2/train/orders',
    payload: {
      trainId: train.id,
      seatClass: 'second',
      expectedPrice: price,
      passengers,
      contact: trainContact(),
    },
    headers: { ...bearer(token), 'idempotency-key': options.key ?? `train-${Math.random()}` },
  });
  if (res.statusCode !== 200) throw new Error(`train booking: ${res.body}`);
  return body<TrainOrder>(res).data;
}

/** Sets agency `agencyId`'s train settings straight in the database. */
export async function setTrainSettings(
  db: Db,
  agencyId: number,
  settings: { manual: boolean; notificationUrl: string | null },
): Promise<void> {
  await db.execute(
    sql`update agencies set common_config = jsonb_set(common_config, '{trainSettings}', ${JSON.stringify(settings)}::jsonb) where id = ${agencyId}`,
  );
}

/**
 * Saves a ticketed-looking train order of `agencyId` straight in the database (for an agency whose
 * train service is off, or tests that need an order without the supplier): one passenger `name`.
 */
export async function insertTrainOrderFor(
  db: Db,
  agencyId: number,
  userId: number,
  name: string,
): Promise<{ id: string; bookingNumber: string }> {
  const now = new Date();
  const departure = new Date(now.getTime() + 10 * 86_400_000);
  const stop = (code: string, chinese: string, english: string, time: string) => ({
    station: { code, name: english, chineseName: chinese, traditionalName: chinese },
    time,
    timeZone: 'Asia/Shanghai',
  });
  const row = await insertTrainOrder(
    db,
    {
      agencyId,
      userId,
      status: 'to_be_paid',
      supplier: 'sim-rail',
      trainRef: `G1|VNP|AOH|${departure.toISOString().slice(0, 10)}`,
      referenceId: 'E000000001',
      train: {
        trainNumber: 'G1',
        trainType: 'G',
        departure: stop('VNP', '北京南', 'Beijing South', '2030-01-01T09:00'),
        arrival: stop('AOH', '上海虹桥', 'Shanghai Hongqiao', '2030-01-01T13:30'),
        departureUtc: departure.toISOString(),
        durationMinutes: 270,
        distanceKm: 1282,
      },
      trainNumber: 'G1',
      seatClass: 'second',
      passengers: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          type: 'adult',
          name,
          gender: null,
          birthday: '1985-03-14',
          nationality: 'CN',
          document: { interfaceType: 'passport', number: 'P1234567', expiryDate: null },
          priceMinor: 55_300,
          seat: null,
          ticketNumber: null,
        },
      ],
      passengerNames: name.toUpperCase(),
      contact: trainContact(),
      currency: 'CNY',
      orderTotalMinor: 55_300,
      departureAt: departure,
      departureDate: departure.toISOString().slice(0, 10),
      paymentDeadline: new Date(now.getTime() + 30 * 60_000),
      timeline: [{ status: 'to_be_paid', at: now.toISOString(), note: null }],
    },
    now,
  );
  return { id: row.id, bookingNumber: row.bookingNumber };
}
