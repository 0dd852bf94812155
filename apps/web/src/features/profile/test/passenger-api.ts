import { http, HttpResponse } from 'msw';
import type {
  FrequentPassenger,
  FrequentPassengerBody,
  MemberCard,
} from '@portal/domain/frequent-passengers';
import { envelope } from '../../../test/server';

/** An often-used passenger as the API answers it; `n` makes the name and numbers unique. */
export function makePassenger(n: number, over: Partial<FrequentPassenger> = {}): FrequentPassenger {
  return {
    id: `fp-${n}`,
    surname: 'ZHANG',
    given_names: `SAN ${String.fromCharCode(65 + (n % 26))}`,
    gender: 'male',
    birthday: '1985-03-14',
    nationality: 'CN',
    travel_document: {
      type: 'chinese-passport',
      interfaceType: 'chinese-passport',
      number: `E${String(10000000 + n)}`,
      expiryDate: '2035-01-01',
      issuingPlace: null,
    },
    frequentFlyer: null,
    phone: null,
    email: null,
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}

export function makeCard(n: number, over: Partial<MemberCard> = {}): MemberCard {
  return {
    id: `mc-${n}`,
    airline: 'CA',
    number: `CA${String(1000000 + n)}`,
    surname: 'ZHANG',
    given_names: 'SAN',
    tier: 'Gold',
    expiryDate: '2031-12-31',
    frequentPassengerId: null,
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A passenger body as the API answers it once stored: what was left out is null. */
function asStored(body: FrequentPassengerBody): Partial<FrequentPassenger> {
  return {
    ...body,
    travel_document: { ...body.travel_document, issuingPlace: body.travel_document.issuingPlace ?? null },
    frequentFlyer: body.frequentFlyer ?? null,
    phone: body.phone ?? null,
    email: body.email ?? null,
  };
}

/**
 * The often-used passengers and member cards endpoints over in-memory lists, as the API behaves for
 * one user: every request is recorded in `sent`.
 */
export function passengerApi(passengers: FrequentPassenger[], cards: MemberCard[] = []) {
  const state = { passengers: [...passengers], cards: [...cards], sent: [] as Sent[] };
  const record = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body: unknown = request.method === 'POST' || request.method === 'PUT' ? await request.json() : null;
    state.sent.push({ method: request.method, path, body });
    return body;
  };
  const page = <T>(list: T[], request: Request) => {
    const size = Number(new URL(request.url).searchParams.get('pageSize') ?? 20);
    return HttpResponse.json(
      envelope({ list: list.slice(0, size), total: list.length, page: 1, pageSize: size }),
    );
  };
  const handlers = [
    http.get('/base/v2/often-used-passengers', ({ request }) => page(state.passengers, request)),
    http.post('/base/v2/often-used-passengers', async ({ request }) => {
      const body = (await record(request)) as FrequentPassengerBody;
      const created = makePassenger(state.passengers.length + 100, asStored(body));
      state.passengers.push(created);
      return HttpResponse.json(envelope(created));
    }),
    http.put('/base/v2/often-used-passengers/:id', async ({ request, params }) => {
      const body = (await record(request)) as FrequentPassengerBody;
      const index = state.passengers.findIndex((p) => p.id === params.id);
      const existing = state.passengers[index];
      if (!existing) return HttpResponse.json(envelope(null, 100004, 'Not found'), { status: 404 });
      // The body replaces the passenger as a whole, as the API stores it.
      const updated = { ...existing, ...asStored(body) };
      state.passengers[index] = updated;
      return HttpResponse.json(envelope(updated));
    }),
    http.delete('/base/v2/often-used-passengers/:id', async ({ request, params }) => {
      await record(request);
      state.passengers = state.passengers.filter((p) => p.id !== params.id);
      return HttpResponse.json(envelope({}));
    }),
    http.get('/base/v2/member-cards', ({ request }) => page(state.cards, request)),
    http.post('/base/v2/member-cards', async ({ request }) => {
      const body = (await record(request)) as Partial<MemberCard>;
      const created = makeCard(state.cards.length + 100, { tier: null, expiryDate: null, ...body });
      state.cards.push(created);
      return HttpResponse.json(envelope(created));
    }),
    http.delete('/base/v2/member-cards/:id', async ({ request, params }) => {
      await record(request);
      state.cards = state.cards.filter((c) => c.id !== params.id);
      return HttpResponse.json(envelope({}));
    }),
  ];
  return { state, handlers };
}
