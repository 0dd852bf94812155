import { describe, expect, it } from 'vitest';
import {
  CreateFlightOrderBody,
  CreateFlightOrderDraft,
  FlightOrderListQuery,
  FlightPaymentResult,
  StatusCount,
} from './flight-order';

const passenger = {
  type: 'adult',
  surname: 'ZHANG',
  given_names: 'SAN',
  gender: 'male',
  birthday: '1990-01-01',
  nationality: 'CN',
  travel_document: {
    type: 'chinese-passport',
    interfaceType: 'chinese-passport',
    number: 'E12345678',
    expiryDate: '2030-01-01',
  },
};
const body = {
  solutionId: 'sol-1',
  passengers: [passenger],
  contact: { name: 'Li Lei', email: 'li@example.com', phone: { areaCode: '86', number: '13800138000' } },
};

describe('CreateFlightOrderBody', () => {
  it('accepts a booking payload in the spec names', () => {
    expect(CreateFlightOrderBody.safeParse(body).success).toBe(true);
    expect(
      CreateFlightOrderBody.safeParse({
        ...body,
        remark: 'window seat',
        passengers: [{ ...passenger, frequentFlyer: { airline: 'CA', number: '123456789' } }],
      }).success,
    ).toBe(true);
  });

  it.each([
    ['an unknown top-level field', { ...body, price: 1 }],
    ['an unknown passenger field', { ...body, passengers: [{ ...passenger, givenName: 'SAN' }] }],
    [
      'an unknown document field',
      { ...body, passengers: [{ ...passenger, travel_document: { ...passenger.travel_document, x: 1 } }] },
    ],
    [
      'a payload type not matching the interface type',
      {
        ...body,
        passengers: [{ ...passenger, travel_document: { ...passenger.travel_document, type: 'passport' } }],
      },
    ],
    ['a surname not A-Z', { ...body, passengers: [{ ...passenger, surname: '张' }] }],
    ['no passengers', { ...body, passengers: [] }],
    ['a bad contact email', { ...body, contact: { ...body.contact, email: 'x' } }],
  ])('refuses %s', (_name, value) => {
    expect(CreateFlightOrderBody.safeParse(value).success).toBe(false);
  });
});

describe('CreateFlightOrderDraft', () => {
  it('takes well-typed fields whatever their content, for the passenger and contact rules to judge', () => {
    expect(CreateFlightOrderDraft.safeParse(body).success).toBe(true);
    expect(
      CreateFlightOrderDraft.safeParse({
        solutionId: 'sol-1',
        passengers: [{ surname: 'ZH4NG', birthday: '31/12/1990', travel_document: {}, gender: '' }, {}],
        contact: {},
      }).success,
    ).toBe(true);
    expect(CreateFlightOrderDraft.safeParse({ ...body, passengers: [] }).success).toBe(true);
  });

  it.each([
    ['a number for a surname', { ...body, passengers: [{ surname: 1 }] }],
    ['a string for a passenger', { ...body, passengers: ['ZHANG'] }],
    ['an object for a contact name', { ...body, contact: { name: { first: 'Li' } } }],
    ['a string for the contact', { ...body, contact: 'Li Lei' }],
    ['no contact', { solutionId: 'sol-1', passengers: [passenger] }],
    ['an array for the document', { ...body, passengers: [{ ...passenger, travel_document: [] }] }],
    ['an unknown passenger field', { ...body, passengers: [{ ...passenger, givenName: 'SAN' }] }],
    ['ten passengers', { ...body, passengers: Array.from({ length: 10 }, () => passenger) }],
    ['an over-long surname', { ...body, passengers: [{ ...passenger, surname: 'A'.repeat(101) }] }],
  ])('refuses %s', (_name, value) => {
    expect(CreateFlightOrderDraft.safeParse(value).success).toBe(false);
  });

  it('refuses booking dates outside the calendar range in the checked body', () => {
    const late = { ...passenger.travel_document, expiryDate: '9999-12-31' };
    expect(
      CreateFlightOrderBody.safeParse({ ...body, passengers: [{ ...passenger, travel_document: late }] })
        .success,
    ).toBe(false);
  });
});

describe('FlightOrderListQuery', () => {
  it('defaults paging, sort, type and the count', () => {
    expect(FlightOrderListQuery.parse({})).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-bookingTime',
      type: 'all',
      count: true,
    });
    expect(FlightOrderListQuery.parse({ count: 'false' }).count).toBe(false);
    expect(FlightOrderListQuery.parse({ count: 'true' }).count).toBe(true);
    expect(FlightOrderListQuery.safeParse({ count: '0' }).success).toBe(false);
    expect(
      FlightOrderListQuery.parse({ page: '2', pageSize: '100', type: 'origin', pnr: 'ABC123' }),
    ).toMatchObject({
      page: 2,
      pageSize: 100,
      type: 'origin',
    });
  });

  it.each([
    { pageSize: '101' },
    { type: 'original' },
    { sort: 'price' },
    { foo: 'bar' },
    { dateFrom: '2026-02-01', dateTo: '2026-01-01' },
    { dateTo: '9999-12-31' },
    { dateFrom: '1899-12-31' },
    { dateFrom: '2026-02-30' },
  ])('refuses %o', (query) => {
    expect(FlightOrderListQuery.safeParse(query).success).toBe(false);
  });
});

describe('payment result and status counts', () => {
  it('parses a pending outside-channel payment', () => {
    expect(
      FlightPaymentResult.safeParse({
        status: 'pending',
        paymentId: 'p1',
        channel: 'yeepay-wechat',
        amount: { amount: '1290.50', currency: 'CNY' },
        qrCode: 'weixin://x',
        expiresAt: '2026-05-01T10:00:00Z',
      }).success,
    ).toBe(true);
  });

  it('parses {status, cnt}', () => {
    expect(StatusCount.parse({ status: 'to_be_paid', cnt: 3 })).toEqual({ status: 'to_be_paid', cnt: 3 });
  });
});
