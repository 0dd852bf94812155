import { maskDocumentNumber } from '@portal/domain/document-types';
import { isGroupActionAllowed, type GroupActionSubject } from '@portal/domain/group-order-status';
import {
  checkGroupPassengerRows,
  GROUP_PASSENGER_LIST_ACTIONS,
  hasRestrictedDocument,
  type GroupPassengerList,
} from '@portal/domain/group-passenger-list';
import type { Locale } from '@portal/domain/locale';
import type { PassengerCounts } from '@portal/domain/shopping';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { RequestContext } from '../../../platform/request-context';
import { localDate } from '../../../platform/time-zones';
import { canSeeGroupOrder } from '../group-orders.policy';
import { addEvent, findGroupOrder, listQuotes } from '../group-orders.repo';
import type { GroupOrderRow } from '../group-orders.schema';
import {
  confirmGroupPassengers,
  listGroupPassengers,
  passengerListState,
  replaceGroupPassengers,
  type PassengerListState,
} from './passenger-list.repo';
import type { GroupPassengerRow } from './passenger-list.schema';
import { buildPassengerTemplate, readPassengerSheet, templateFileName } from './passenger-list.workbook';

export interface PassengerListDeps {
  db: Db;
  now: () => Date;
}

type Viewer = Pick<RequestContext, 'agency' | 'user'>;

/** The caller's group order (locked when `forUpdate`); 404 when it is not theirs to see. */
async function visibleGroupOrder(
  db: Db,
  ctx: Viewer,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<GroupOrderRow> {
  const order = await findGroupOrder(db, ctx.agency.id, id, options);
  if (!order || !canSeeGroupOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

function countsOf(order: GroupOrderRow): PassengerCounts {
  const { adult, child, infant } = order.request.passengers;
  return { adult, child, infant };
}

/** The list's side of the order's action table (only status, list state and deadline matter). */
function listSubject(order: GroupOrderRow, state: PassengerListState): GroupActionSubject {
  return {
    status: order.status,
    confirmBy: null,
    instalments: [],
    passengerList: state,
    passengerListDeadline: order.passengerListDeadline?.toISOString() ?? null,
  };
}

/** 409 LOCKED once confirmed (spec §4), 409 NOT_OPEN when the order's status or deadline refuses it. */
function assertListAction(
  order: GroupOrderRow,
  state: PassengerListState,
  action: 'uploadPassengers' | 'confirmPassengers',
  now: Date,
): void {
  if (state === 'confirmed') throw new AppError('GROUP_PASSENGER_LIST_LOCKED');
  if (!isGroupActionAllowed(listSubject(order, state), action, now)) {
    throw new AppError('GROUP_PASSENGER_LIST_NOT_OPEN');
  }
}

/** The agent's today in the order's time zone, `YYYY-MM-DD`. */
function todayIn(timeZone: string, now: Date): string {
  try {
    return localDate(now, timeZone);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The first departure: the picked quote's first flight, else the request's first date. */
async function travelDateOf(db: Db, order: GroupOrderRow): Promise<string> {
  if (order.pickedQuoteId) {
    const quote = (await listQuotes(db, order.id)).find((q) => q.id === order.pickedQuoteId);
    const departures = (quote?.flights ?? []).map((f) => f.departure.slice(0, 10)).sort();
    if (departures[0]) return departures[0];
  }
  return order.request.journeys[0]?.date ?? order.createdAt.toISOString().slice(0, 10);
}

function presentList(
  order: GroupOrderRow,
  rows: readonly GroupPassengerRow[],
  state: PassengerListState,
  now: Date,
): GroupPassengerList {
  const subject = listSubject(order, state);
  const first = rows[0];
  return {
    state,
    counts: countsOf(order),
    deadline: order.passengerListDeadline?.toISOString() ?? null,
    // The group desk's quotes carry no document restrictions: rows are checked without any.
    restrictions: null,
    passengers: rows.map((r) => ({
      position: r.position,
      type: r.type,
      surname: r.surname,
      givenNames: r.givenNames,
      gender: r.gender,
      birthday: r.birthday,
      nationality: r.nationality,
      documentType: r.documentType,
      documentNumber: maskDocumentNumber(r.documentNumber),
      documentExpiry: r.documentExpiry,
    })),
    uploadedAt: first?.uploadedAt.toISOString() ?? null,
    confirmedAt: first?.confirmedAt?.toISOString() ?? null,
    allowedActions: GROUP_PASSENGER_LIST_ACTIONS.filter((a) => isGroupActionAllowed(subject, a, now)),
  };
}

async function readList(db: Db, order: GroupOrderRow, now: Date): Promise<GroupPassengerList> {
  const state = await passengerListState(db, order.id);
  return presentList(order, await listGroupPassengers(db, order.id), state, now);
}

/** `GET .../passengers`: the list as stored, its state and what it allows next. */
export async function getPassengerList(
  deps: PassengerListDeps,
  ctx: Viewer,
  id: string,
): Promise<GroupPassengerList> {
  const order = await visibleGroupOrder(deps.db, ctx, id);
  return readList(deps.db, order, deps.now());
}

/** `GET .../passengers/template`: the .xlsx template in `locale` for the order's counts. */
export async function passengerTemplate(
  deps: PassengerListDeps,
  ctx: Viewer,
  id: string,
  locale: Locale,
): Promise<{ bytes: Buffer; fileName: string }> {
  const order = await visibleGroupOrder(deps.db, ctx, id);
  return {
    bytes: await buildPassengerTemplate(locale, countsOf(order)),
    fileName: templateFileName(locale, order.bookingNumber),
  };
}

/** Refuses an upload at once (before the file is read) when the list cannot take one. */
export async function assertUploadOpen(deps: PassengerListDeps, ctx: Viewer, id: string): Promise<void> {
  const order = await visibleGroupOrder(deps.db, ctx, id);
  assertListAction(order, await passengerListState(deps.db, order.id), 'uploadPassengers', deps.now());
}

/**
 * `POST .../passengers`: reads the sheet (import format error otherwise), checks every row with
 * the passenger rules and the order's counts (400 with the errors by row and column; the restricted
 * documents error of spec §8 when a fare restriction refuses a document), then replaces the list
 * in one short transaction that re-checks, under the order's lock, that it is not confirmed.
 */
export async function uploadPassengerList(
  deps: PassengerListDeps,
  ctx: Viewer,
  id: string,
  bytes: Buffer,
): Promise<GroupPassengerList> {
  const now = deps.now();
  const order = await visibleGroupOrder(deps.db, ctx, id);
  const rows = await readPassengerSheet(bytes);
  const checked = checkGroupPassengerRows(rows, {
    today: todayIn(order.timeZone, now),
    travelDate: await travelDateOf(deps.db, order),
    fare: {},
    counts: countsOf(order),
  });
  if (!checked.ok) {
    const name = hasRestrictedDocument(checked.errors)
      ? 'GROUP_PASSENGER_IMPORT_RESTRICTED'
      : 'GROUP_PASSENGER_LIST_INVALID';
    throw new AppError(name, undefined, { errors: checked.errors });
  }
  return deps.db.transaction(async (tx) => {
    const locked = await visibleGroupOrder(tx, ctx, id, { forUpdate: true });
    assertListAction(locked, await passengerListState(tx, locked.id), 'uploadPassengers', now);
    await replaceGroupPassengers(tx, locked, ctx.user.id, checked.passengers);
    return readList(tx, locked, now);
  });
}

/**
 * `POST .../passengers/confirmation`: confirms an uploaded list before its deadline; from then on
 * it cannot change (spec §4). Recorded on the order's timeline. One transaction under the order's lock.
 */
export async function confirmPassengerList(
  deps: PassengerListDeps,
  ctx: Viewer,
  id: string,
): Promise<GroupPassengerList> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await visibleGroupOrder(tx, ctx, id, { forUpdate: true });
    assertListAction(order, await passengerListState(tx, order.id), 'confirmPassengers', now);
    await confirmGroupPassengers(tx, order.id, now);
    await addEvent(tx, order.id, 'passengers_confirmed', order.status, now);
    return readList(tx, order, now);
  });
}
