import crypto from 'node:crypto';
import {
  canAddFrequentPassenger,
  FrequentPassengerBody,
  MAX_FREQUENT_PASSENGERS,
  type FrequentPassenger,
  type FrequentPassengerList,
  type MemberCard,
  type MemberCardBody,
  type MemberCardList,
  type UpdateFrequentPassengerBody,
  type UpdateMemberCardBody,
} from '@portal/domain/frequent-passengers';
import { isValidDocumentNumber } from '@portal/domain/document-types';
import { passengerPhoneError } from '@portal/domain/passenger-rules';
import type { FieldError } from '@portal/domain/envelope';
import type { Db } from '../../platform/db';
import { AppError, parse } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { localDate } from '../../platform/time-zones';
import * as repo from './passengers.repo';
import {
  frequentPassengerBodyOf,
  frequentPassengerColumns,
  presentFrequentPassenger,
  presentMemberCard,
} from './passengers.presenter';
import { passengerOwner as ownerOf } from './passengers.policy';

/**
 * The rules beyond the body's shape (spec §5): the document number must have the format of its
 * type, a phone must be valid for its area code, and the birthday must not be after today (the
 * schema already holds dates to real days from 1900). Messages are rule keys, which the client
 * translates.
 */
function checkPassengerRules(body: FrequentPassengerBody, today: string): void {
  const errors: FieldError[] = [];
  const doc = body.travel_document;
  if (!isValidDocumentNumber(doc.interfaceType, doc.number)) {
    errors.push({ path: 'travel_document.number', message: 'passenger.documentNumber.invalid' });
  }
  if (body.birthday > today) {
    errors.push({ path: 'birthday', message: 'passenger.birthday.afterToday' });
  }
  const phone = passengerPhoneError(body.phone);
  if (phone) errors.push({ path: phone.path, message: phone.key });
  if (errors.length > 0) throw new AppError('ILLEGAL_INPUT', undefined, { errors });
}

export function createPassengersService(db: Db, now: () => Date = () => new Date()) {
  /** The agency's calendar day: a birthday may be today where the agency is, still tomorrow in UTC. */
  const today = (ctx: RequestContext) => localDate(now(), ctx.company.timeZone);

  async function requireOwnPassengerId(tx: Db, ctx: RequestContext, id: string | undefined): Promise<void> {
    if (id === undefined) return;
    if (!(await repo.findFrequentPassenger(tx, ownerOf(ctx), id))) {
      throw new AppError('ILLEGAL_INPUT', undefined, {
        errors: [{ path: 'frequentPassengerId', message: 'not found' }],
      });
    }
  }

  return {
    async listPassengers(ctx: RequestContext, query: repo.PageQuery): Promise<FrequentPassengerList> {
      const { rows, total } = await repo.listFrequentPassengers(db, ownerOf(ctx), query);
      return { list: rows.map(presentFrequentPassenger), total, page: query.page, pageSize: query.pageSize };
    },

    /** Saves a passenger; the 31st is refused. The count runs under a lock on the user's row. */
    async createPassenger(ctx: RequestContext, body: FrequentPassengerBody): Promise<FrequentPassenger> {
      checkPassengerRules(body, today(ctx));
      const owner = ownerOf(ctx);
      const row = await db.transaction(async (tx) => {
        await repo.lockOwner(tx, owner);
        if (!canAddFrequentPassenger(await repo.countFrequentPassengers(tx, owner))) {
          throw new AppError('FREQUENT_PASSENGER_LIMIT', { max: MAX_FREQUENT_PASSENGERS });
        }
        return repo.insertFrequentPassenger(tx, {
          id: crypto.randomUUID(),
          ...owner,
          ...frequentPassengerColumns(body),
        });
      });
      return presentFrequentPassenger(row);
    },

    async updatePassenger(
      ctx: RequestContext,
      id: string,
      patch: UpdateFrequentPassengerBody,
    ): Promise<FrequentPassenger> {
      const owner = ownerOf(ctx);
      const row = await db.transaction(async (tx) => {
        const existing = await repo.findFrequentPassenger(tx, owner, id);
        if (!existing) throw new AppError('NOT_FOUND');
        // The stored passenger with the patch applied must be valid as a whole.
        const body = parse(FrequentPassengerBody, { ...frequentPassengerBodyOf(existing), ...patch });
        checkPassengerRules(body, today(ctx));
        return repo.updateFrequentPassenger(tx, owner, id, frequentPassengerColumns(body));
      });
      if (!row) throw new AppError('NOT_FOUND');
      return presentFrequentPassenger(row);
    },

    async deletePassenger(ctx: RequestContext, id: string): Promise<void> {
      if (!(await repo.deleteFrequentPassenger(db, ownerOf(ctx), id))) throw new AppError('NOT_FOUND');
    },

    async listCards(ctx: RequestContext, query: repo.PageQuery): Promise<MemberCardList> {
      const { rows, total } = await repo.listMemberCards(db, ownerOf(ctx), query);
      return { list: rows.map(presentMemberCard), total, page: query.page, pageSize: query.pageSize };
    },

    async createCard(ctx: RequestContext, body: MemberCardBody): Promise<MemberCard> {
      const row = await db.transaction(async (tx) => {
        await requireOwnPassengerId(tx, ctx, body.frequentPassengerId);
        return repo.insertMemberCard(tx, {
          id: crypto.randomUUID(),
          ...ownerOf(ctx),
          airline: body.airline,
          number: body.number.toUpperCase(),
          surname: body.surname.toUpperCase(),
          givenNames: body.given_names.toUpperCase(),
          tier: body.tier ?? null,
          expiryDate: body.expiryDate ?? null,
          frequentPassengerId: body.frequentPassengerId ?? null,
        });
      });
      return presentMemberCard(row);
    },

    async updateCard(ctx: RequestContext, id: string, body: UpdateMemberCardBody): Promise<MemberCard> {
      const row = await db.transaction(async (tx) => {
        await requireOwnPassengerId(tx, ctx, body.frequentPassengerId);
        return repo.updateMemberCard(tx, ownerOf(ctx), id, {
          ...(body.airline !== undefined ? { airline: body.airline } : {}),
          ...(body.number !== undefined ? { number: body.number.toUpperCase() } : {}),
          ...(body.surname !== undefined ? { surname: body.surname.toUpperCase() } : {}),
          ...(body.given_names !== undefined ? { givenNames: body.given_names.toUpperCase() } : {}),
          ...(body.tier !== undefined ? { tier: body.tier } : {}),
          ...(body.expiryDate !== undefined ? { expiryDate: body.expiryDate } : {}),
          ...(body.frequentPassengerId !== undefined
            ? { frequentPassengerId: body.frequentPassengerId }
            : {}),
        });
      });
      if (!row) throw new AppError('NOT_FOUND');
      return presentMemberCard(row);
    },

    async deleteCard(ctx: RequestContext, id: string): Promise<void> {
      if (!(await repo.deleteMemberCard(db, ownerOf(ctx), id))) throw new AppError('NOT_FOUND');
    },
  };
}

export type PassengersService = ReturnType<typeof createPassengersService>;
