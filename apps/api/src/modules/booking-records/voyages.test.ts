import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SupportingDocument } from '@portal/domain/after-sales';
import { VOYAGE_SEARCH_COUNT_CAP } from '@portal/domain/booking-records';
import { FlightOrder } from '@portal/domain/flight-order';
import type { FlightOrderStatus } from '@portal/domain/flight-order-status';
import { bearer, body, login, useTestApp } from '../../test/app';
import { ticketClaims } from '../flight-orders/index';
import { REFUND_REVIEW_DELAY_MS } from '../flight-orders/index';
import { flightOrders } from '../flight-orders/index';
import {
  adult,
  contact,
  createOrder,
  pickSolution,
  travelDate,
} from '../flight-orders/flight-orders.test-helpers';
import { setCommonConfig } from '../../test/agency-config';
import { VOYAGES_URL as URL, voyageTestHelpers } from './voyages.test-helpers';
import { rowsOf } from '../../platform/db/rows';

const t = useTestApp({ REQUEST_LIMIT_SCALE: '100' });

/** A multipart body with one small PNG in the `file` field. */
function pngUpload(): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----voyage-test';
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const { issuedOrder, list } = voyageTestHelpers(t);

/** An after-sales order of `type` in `status` holding a kept claim on one ticket-segment. */
async function claim(
  original: FlightOrder,
  passengerId: string,
  segmentIndex: number,
  type: 'change' | 'refund' | 'void',
  status: FlightOrderStatus,
): Promise<string> {
  const [row] = await t.database.db.select().from(flightOrders).where(eq(flightOrders.id, original.id));
  if (!row) throw new Error('no order');
  const { id: _id, bookingNumber, ...rest } = row;
  const [created] = await t.database.db
    .insert(flightOrders)
    .values({
      ...rest,
      bookingNumber: `${type[0]?.toUpperCase() ?? 'X'}${bookingNumber.slice(1)}`,
      type,
      status,
      originalBookingId: original.id,
    })
    .returning({ id: flightOrders.id });
  if (!created) throw new Error('not inserted');
  await t.database.db.insert(ticketClaims).values({
    orderId: original.id,
    passengerId,
    segmentIndex,
    afterSalesOrderId: created.id,
    kind: type,
    paidMinor: 100,
  });
  return created.id;
}

// Each test books, pays and tickets orders through the API: generous on a busy machine.
describe('booking records', { timeout: 60_000 }, () => {
  it('lists one row per passenger and segment of issued orders only, newest booking first', async () => {
    const token = await login(t.app);
    const older = await issuedOrder(token, 1);
    const pair = await issuedOrder(token, 2);
    await createOrder(t.app, token, {
      solutionId: (await pickSolution(t.app, token)).id,
      passengers: [adult()],
      contact: contact(),
    }); // unpaid: holds no ticket
    const data = await list(token);
    const segmentsOf = (o: FlightOrder) => o.segments.length;
    expect(data.total).toBe(2 * segmentsOf(pair) + segmentsOf(older));
    expect(data.totalCapped).toBe(false);
    expect(new Set(data.list.map((r) => r.orderId))).toEqual(new Set([pair.id, older.id]));
    expect(data.list[0]?.orderId).toBe(pair.id);

    const [zhang, li] = pair.passengers;
    const [segment] = pair.segments;
    if (!zhang || !li || !segment) throw new Error('no passengers');
    expect(data.list[0]).toEqual({
      orderId: pair.id,
      bookingNumber: pair.bookingNumber,
      orderType: 'origin',
      pnr: pair.pnr,
      bookingTime: pair.bookingTime,
      passengerId: zhang.id,
      passengerName: 'ZHANG/WEI',
      passengerType: 'adult',
      ticketNumber: zhang.ticketNumbers[0],
      segmentIndex: 0,
      flightNumber: `${segment.marketingCarrier}${segment.flightNumber}`,
      marketingCarrier: segment.marketingCarrier,
      departure: {
        airport: segment.departure.airport,
        time: segment.departure.time,
        timeZone: segment.departure.timeZone,
      },
      arrival: {
        airport: segment.arrival.airport,
        time: segment.arrival.time,
        timeZone: segment.arrival.timeZone,
      },
      cabin: segment.cabin,
      ticketStatus: 'issued',
      afterSales: null,
    });
    expect(data.list.filter((r) => r.orderId === pair.id).map((r) => r.passengerName)).toContain('LI/NA');

    // Paging: one row a page, the second row of the list on page 2.
    const page2 = await list(token, '?page=2&pageSize=1');
    expect(page2.list).toEqual([data.list[1]]);
    expect(page2.total).toBe(data.total);
    // Without the count: the same page, no total.
    const uncounted = await list(token, '?page=2&pageSize=1&count=false');
    expect(uncounted).toEqual({ ...page2, total: undefined, totalCapped: undefined });
    // Every page of one row and of two, the orders before each page skipped by their row counts,
    // within an order of two passengers as well as between orders.
    for (const size of [1, 2]) {
      const walked: typeof data.list = [];
      for (let page = 1; (page - 1) * size < (data.total ?? 0); page++) {
        walked.push(...(await list(token, `?page=${page}&pageSize=${size}`)).list);
      }
      expect(walked, `pages of ${size}`).toEqual(data.list);
    }
  });

  it('filters by passenger, ticket, flight and booking number, PNR and local departure date', async () => {
    const token = await login(t.app);
    const a = await issuedOrder(token, 2);
    const b = await issuedOrder(token, 1);
    const li = a.passengers[1];
    const [seg] = a.segments;
    if (!li || !seg) throw new Error('no passenger');
    const ids = async (q: string) =>
      (await list(token, q)).list.map((r) => `${r.orderId}:${r.passengerName}`);
    expect(new Set(await ids('?passenger=li%20na'))).toEqual(new Set([`${a.id}:LI/NA`]));
    expect(await ids('?passenger=nobody')).toEqual([]);
    const ticket = li.ticketNumbers[0] ?? '';
    expect(new Set(await ids(`?ticketNumber=${ticket.slice(-6)}`))).toEqual(new Set([`${a.id}:LI/NA`]));
    expect(new Set(await ids(`?bookingNumber=${b.bookingNumber.toLowerCase()}`))).toEqual(
      new Set([`${b.id}:ZHANG/WEI`]),
    );
    // A part of a booking number: its orders are read once for the page and the count (counted),
    // or searched by the page alone (count=false); the same rows and total either way.
    const part = b.bookingNumber.slice(-9).toLowerCase();
    const byPart = await list(token, `?bookingNumber=${part}`);
    expect(byPart.list.map((r) => `${r.orderId}:${r.passengerName}`)).toEqual([`${b.id}:ZHANG/WEI`]);
    expect(byPart.total).toBe(1);
    expect((await list(token, `?bookingNumber=${part}&count=false`)).list).toEqual(byPart.list);
    expect(await list(token, '?bookingNumber=Z9Z9Z9')).toMatchObject({ list: [], total: 0 });
    expect((await list(token, `?pnr=${a.pnr ?? ''}`)).list.every((r) => r.orderId === a.id)).toBe(true);
    const designator = `${seg.marketingCarrier}${seg.flightNumber}`;
    const byFlight = await list(token, `?flightNumber=${designator.toLowerCase()}`);
    expect(byFlight.list.length).toBeGreaterThan(0);
    expect(byFlight.list.every((r) => r.flightNumber === designator)).toBe(true);
    expect(byFlight.total).toBe(byFlight.list.length);

    const day = seg.departure.time.slice(0, 10);
    expect((await list(token, `?dateFrom=${day}&dateTo=${day}`)).total).toBeGreaterThan(0);
    expect(
      (await list(token, `?dateFrom=${travelDate(41)}`)).list.every(
        (r) => r.departure.time >= travelDate(41),
      ),
    ).toBe(true);
    expect((await list(token, `?dateTo=${travelDate(39)}`)).total).toBe(0);
    const bad = await t.app.inject({
      url: `${URL}?dateFrom=${travelDate(41)}&dateTo=${travelDate(39)}&pageSize=101`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(100001);
  });

  it('derives each ticket status from its kept claim and the after-sales order status', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(token, 2);
    const [zhang, li] = order.passengers;
    if (!zhang || !li) throw new Error('no passengers');
    const refund = await claim(order, zhang.id, 0, 'refund', 'refunded_reimbursed');
    const pending = await claim(order, li.id, 0, 'void', 'void_proceeding');
    const rows = (await list(token)).list;
    const row = (pid: string) => rows.find((r) => r.passengerId === pid && r.segmentIndex === 0);
    expect(row(zhang.id)).toMatchObject({
      ticketStatus: 'refunded',
      afterSales: { orderId: refund, type: 'refund', status: 'refunded_reimbursed' },
    });
    expect(row(li.id)).toMatchObject({
      ticketStatus: 'issued',
      afterSales: { orderId: pending, type: 'void', status: 'void_proceeding' },
    });
    await t.database.db.update(flightOrders).set({ status: 'voided' }).where(eq(flightOrders.id, pending));
    expect((await list(token, '?status=voided')).list.map((r) => r.passengerId)).toEqual([li.id]);
    expect((await list(token, '?status=refunded')).list.map((r) => r.passengerId)).toEqual([zhang.id]);
    // A released claim (a canceled request) gives the ticket back.
    await t.database.db
      .update(ticketClaims)
      .set({ releasedAt: new Date() })
      .where(eq(ticketClaims.afterSalesOrderId, refund));
    await claim(order, zhang.id, 0, 'change', 'changed');
    expect((await list(token, '?status=changed')).list.map((r) => r.passengerId)).toEqual([zhang.id]);
    expect((await list(token, '?status=refunded')).total).toBe(0);
  });

  it('finds rows behind many newer orders whose tickets are gone, and counts them', async () => {
    const token = await login(t.app);
    const template = await issuedOrder(token, 1);
    const [zhang] = template.passengers;
    if (!zhang) throw new Error('no passenger');
    // 1,200 older copies of the order, then the newest 1,100 of all refunded: the issued rows
    // sit behind more orders than the first window of candidates reads.
    await t.database.db.execute(sql`
      insert into flight_orders (booking_number, agency_id, user_id, type, status, supplier, solution_id,
        solution, offer, passengers, contact, currency, sale_total_minor, order_total_minor, cost_minor,
        cost_currency, prices, passenger_names, flight_numbers, ticket_numbers, airline, departure_at, pnr,
        ticketing_tier, created_at)
      select 'F2000' || lpad(g::text, 10, '0'), agency_id, user_id, type, status, supplier, solution_id,
        solution, offer, passengers, contact, currency, sale_total_minor, order_total_minor, cost_minor,
        cost_currency, prices, passenger_names, flight_numbers, ticket_numbers, airline, departure_at, pnr,
        ticketing_tier, created_at - g * interval '1 second'
      from flight_orders, generate_series(1, 1200) g where id = ${template.id}`);
    const refund = await claim(template, zhang.id, 0, 'refund', 'refunded_reimbursed');
    await t.database.db.execute(sql`
      insert into ticket_claims (order_id, passenger_id, segment_index, after_sales_order_id, kind, paid_minor)
      select id, ${zhang.id}, 0, ${refund}, 'refund', 1 from flight_orders
      where type = 'origin' and id <> ${template.id} order by created_at desc limit 1099`);
    const perOrder = template.segments.length;
    const issued = await list(token, '?status=issued&pageSize=100');
    // A ticket status is a filter on the rows: counted up to VOYAGE_SEARCH_COUNT_CAP.
    expect(issued.total).toBe(Math.min(1201 * perOrder - 1100, VOYAGE_SEARCH_COUNT_CAP));
    expect(issued.totalCapped).toBe(1201 * perOrder - 1100 > VOYAGE_SEARCH_COUNT_CAP);
    expect(issued.list).toHaveLength(100);
    expect(issued.list.every((r) => r.ticketStatus === 'issued')).toBe(true);
    const refunded = await list(token, '?status=refunded&pageSize=5');
    expect(refunded).toMatchObject({ total: VOYAGE_SEARCH_COUNT_CAP, totalCapped: true });
    expect(refunded.list.every((r) => r.ticketStatus === 'refunded')).toBe(true);
    // The oldest order's rows end the unfiltered list.
    const last = await list(token, `?pageSize=100&page=${Math.ceil((1201 * perOrder) / 100)}`);
    expect(last.total).toBe(1201 * perOrder);
    expect(last.list.at(-1)?.bookingNumber).toBe('F20000000001200');
  });

  it('finds the orders departed by a past day from their departure index', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select 1 from booking_records r where r.agency_id = 1 and r.departure_date <= '2020-01-02'`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('booking_records_agency_departure_idx');
  });

  it('shows a ticket refunded through a real refund request, with its supporting document attached', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(token, 2);
    const [zhang, li] = order.passengers;
    if (!zhang || !li) throw new Error('no passengers');
    const { payload, headers } = pngUpload();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/documents`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [doc] = SupportingDocument.array().parse(body(uploaded).data);
    if (!doc) throw new Error('no document');
    const requested = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/refund`,
      headers: bearer(token),
      payload: {
        selection: { passengerIds: [zhang.id], segmentIndexes: order.segments.map((_, i) => i) },
        reason: { value: 0 },
        documentIds: [doc.id],
      },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const refund = FlightOrder.parse(body(requested).data);
    const underWay = (await list(token)).list.filter((r) => r.passengerId === zhang.id);
    expect(underWay.every((r) => r.ticketStatus === 'issued' && r.afterSales?.orderId === refund.id)).toBe(
      true,
    );
    await t.app.runDueJobs(new Date(Date.now() + REFUND_REVIEW_DELAY_MS + 60_000));
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${refund.id}/confirmation`,
      headers: bearer(token),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await t.app.runDueJobs(new Date(Date.now() + REFUND_REVIEW_DELAY_MS + 120_000));

    const rows = (await list(token)).list.filter((r) => r.orderId === order.id);
    expect(rows.filter((r) => r.passengerId === zhang.id).map((r) => r.ticketStatus)).toEqual(
      order.segments.map(() => 'refunded'),
    );
    expect(rows.filter((r) => r.passengerId === li.id).map((r) => r.ticketStatus)).toEqual(
      order.segments.map(() => 'issued'),
    );
    const docs = await t.app.inject({
      url: `/order/v2/flight/orders/${refund.id}/documents`,
      headers: bearer(token),
    });
    expect(SupportingDocument.array().parse(body(docs).data)).toMatchObject([
      { id: doc.id, afterSalesOrderId: refund.id },
    ]);
  });

  it("shows nothing of another agency's orders and only own orders when the agency says so", async () => {
    const admin = await login(t.app);
    await issuedOrder(admin, 1);
    expect((await list(await login(t.app, 'subop'))).total).toBe(0);
    const operator = await login(t.app, 'operator');
    expect((await list(operator)).total).toBeGreaterThan(0);
    await setCommonConfig(t.database.db, 1, { onlyShowOwnOrders: true });
    expect((await list(operator)).total).toBe(0);
    const exported = await t.app.inject({
      method: 'POST',
      url: `${URL}/export`,
      headers: bearer(operator),
      payload: {},
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBe(1);
    expect((await list(admin)).total).toBeGreaterThan(0);
  });

  it('exports the filtered rows to Excel with headings in the reader language', async () => {
    const token = await login(t.app);
    const order = await issuedOrder(token, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: `${URL}/export`,
      headers: { ...bearer(token), 'accept-language': 'zh-CN' },
      payload: { passenger: 'LI' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E8%A1%8C%E7%A8%8B");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('行程记录');
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1, 6)).toEqual(['订单号', 'PNR', '乘客', '乘客类型', '票号']);
    expect(sheet.rowCount).toBe(1 + order.segments.length);
    const li = order.passengers[1];
    const row = sheet.getRow(2).values as unknown[];
    expect(row.slice(1, 6)).toEqual([order.bookingNumber, order.pnr, 'LI/NA', '成人', li?.ticketNumbers[0]]);
    expect(row[12]).toBe('已出票');

    const en = await t.app.inject({
      method: 'POST',
      url: `${URL}/export`,
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: {},
    });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect((enBook.worksheets[0]?.getRow(1).values as unknown[]).slice(1, 3)).toEqual([
      'Booking number',
      'PNR',
    ]);
  });
});
