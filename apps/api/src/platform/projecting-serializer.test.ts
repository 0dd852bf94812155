import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FlightOrderList } from '@portal/domain/flight-order';
import { SolutionsDelta } from '@portal/domain/shopping';
import { envelope, projectingSerializerCompiler } from './schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const item = {
  id: 'f6ab2015-cb67-446d-97bc-bcde0c4d8525',
  bookingNumber: 'F20260100000040',
  originalBookingId: null,
  type: 'origin',
  status: 'to_be_paid',
  statusColor: 'primary',
  pnr: 'P00028',
  airline: 'CA',
  flightNumbers: ['CA3651', 'MU501'],
  paymentDeadline: '2026-11-23T18:59:06.974Z',
  bookingTime: '2026-11-23T17:49:07.036Z',
  allowedActions: ['pay', 'cancel'],
  passengerNames: ['ZHANG/WEI'],
  firstDeparture: '2027-01-02T13:00',
  route: 'PEK-PVG',
  orderTotal: { amount: '840.00', currency: 'CNY' },
  contactName: 'Zhang Wei',
  paymentState: 'unpaid',
};

describe('the projecting response serializer', () => {
  const schema = envelope(FlightOrderList);
  const fast = projectingSerializerCompiler(route(schema));
  const zod = serializerCompiler(route(schema));

  it('writes what the zod encoder writes, fields in the schema order', () => {
    const page = (totalCapped?: boolean) => ({
      code: 0,
      message: '',
      data: {
        pageSize: 20,
        page: 1,
        total: 2,
        list: [item, { ...item, pnr: null, paymentDeadline: null, allowedActions: [] }],
        ...(totalCapped === undefined ? {} : { totalCapped }),
      },
    });
    for (const data of [page(), page(true), page(false)]) expect(fast(data)).toBe(zod(data));
  });

  it('escapes text as the zod encoder does: quotes, backslashes, control and line separators, CJK', () => {
    const names = ['A"B\\C', 'TAB\tNUL\u0000', 'LS\u2028PS\u2029', '张/伟', 'emoji \u{1F600}'];
    const data = {
      code: 0,
      message: '已完成 "ok"',
      data: {
        list: [{ ...item, passengerNames: names, contactName: names.join('\n') }],
        total: 1,
        page: 1,
        pageSize: 20,
      },
    };
    expect(fast(data)).toBe(zod(data));
  });

  it('leaves out every field the schema does not name, at any depth', () => {
    const data = {
      code: 0,
      message: '',
      secret: 'x',
      data: {
        list: [{ ...item, agencyId: 7, orderTotal: { ...item.orderTotal, costMinor: 1 } }],
        total: 1,
        page: 1,
        pageSize: 20,
        internal: true,
      },
    };
    expect(fast(data)).toBe(zod(data));
    expect(fast(data)).not.toMatch(/secret|agencyId|costMinor|internal/);
  });

  it('projects the search poll answer (solutions, families, removed ids) without the zod encoder', () => {
    const poll = projectingSerializerCompiler(route(envelope(SolutionsDelta)));
    const unchecked = {
      code: 0,
      message: '',
      data: { finished: 'no', suppliers: [], solutions: [], currency: 'XXX', reset: false, removed: [] },
    };
    expect(() => poll(unchecked)).not.toThrow();
    expect(() => serializerCompiler(route(envelope(SolutionsDelta)))(unchecked)).toThrow();
  });

  it('keeps the zod encoder, with its checks, for a schema it cannot project (a union)', () => {
    const union = z.object({ value: z.union([z.string(), z.number()]) });
    const serialize = projectingSerializerCompiler(route(union));
    expect(serialize({ value: 1, other: 2 })).toBe('{"value":1}');
    expect(() => serialize({ value: true })).toThrow();
    // A projected answer is not checked again: its values come from a presenter typed by the schema.
    expect(() =>
      fast({ code: 0, message: '', data: { list: [], total: -1, page: 1, pageSize: 20 } }),
    ).not.toThrow();
  });
});
