/* The Duffel contract tests' setup: a mock per file, the adapter pointed at it, and a logged passenger. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { SupplierPassenger, SupplierQuery } from '../../modules/shopping/index';
import { type DuffelMock, startDuffelMock } from '../../test/mocks/duffel-mock/server';
import { DuffelSupplier } from './duffel-supplier';

export const signal = () => AbortSignal.timeout(5_000);

export const query: SupplierQuery = {
  legs: [{ origins: ['PEK'], destinations: ['SHA'], date: '2027-03-10' }],
  passengers: { adult: 1, child: 0, infant: 0 },
  cabin: 'economy',
  maxResponseMs: 8_000,
};

export const alice: SupplierPassenger = {
  type: 'adult',
  surname: 'WANG',
  givenNames: 'ALICE',
  birthday: '1990-01-02',
  documentNumber: 'E12345678',
  gender: 'female',
  nationality: 'CN',
  documentExpiry: '2030-01-01',
  email: 'alice@example.com',
  phone: '+8613800000000',
};

export interface DuffelContext {
  mock: DuffelMock;
  supplier: DuffelSupplier;
  logged: { object: Record<string, unknown>; message: string }[];
}

/** A mock started before the file's tests (reset before each) and the adapter on it, logging into `logged`. */
export function useDuffel(): DuffelContext {
  const t = { logged: [] } as unknown as DuffelContext;
  const log = {
    info: (object: Record<string, unknown>, message: string) => t.logged.push({ object, message }),
    warn: (object: Record<string, unknown>, message: string) => t.logged.push({ object, message }),
  };
  beforeAll(async () => {
    t.mock = await startDuffelMock();
    t.supplier = new DuffelSupplier({ accessToken: 'duffel_test_contract', baseUrl: t.mock.url, log });
  });
  afterAll(() => t.mock.close());
  beforeEach(() => {
    t.mock.reset();
    t.logged.length = 0;
  });
  return t;
}

/** The first offer of the default search. */
export async function firstOffer(t: DuffelContext) {
  const [offer] = await t.supplier.search(query, signal());
  if (!offer) throw new Error('no offer');
  return offer;
}

/** A held order paid and ticketed. */
export async function bookedAndTicketed(t: DuffelContext) {
  const offer = await firstOffer(t);
  const { pnr } = await t.supplier.book(offer, [alice], signal());
  const tickets = await t.supplier.ticket(offer, pnr, [alice], signal());
  return { offer, pnr, tickets };
}
