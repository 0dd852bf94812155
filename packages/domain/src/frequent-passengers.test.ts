import { describe, expect, it } from 'vitest';
import {
  canAddFrequentPassenger,
  FrequentPassengerBody,
  MAX_FREQUENT_PASSENGERS,
  MemberCardBody,
  UpdateFrequentPassengerBody,
  UpdateMemberCardBody,
} from './frequent-passengers';

const passenger = {
  surname: 'SMITH',
  given_names: 'JOHN',
  gender: 'male',
  birthday: '1985-03-04',
  nationality: 'GB',
  travel_document: {
    type: 'passport',
    interfaceType: 'passport',
    number: '533380006',
    expiryDate: '2031-01-01',
  },
};

const card = { airline: 'CA', number: '001234567', surname: 'SMITH', given_names: 'JOHN' };

describe('frequent passengers', () => {
  it('allows at most 30 per user', () => {
    expect(MAX_FREQUENT_PASSENGERS).toBe(30);
    expect(canAddFrequentPassenger(29)).toBe(true);
    expect(canAddFrequentPassenger(30)).toBe(false);
  });

  it('accepts the passenger fields and refuses unknown ones', () => {
    expect(FrequentPassengerBody.safeParse(passenger).success).toBe(true);
    expect(FrequentPassengerBody.safeParse({ ...passenger, type: 'adult' }).success).toBe(false);
    expect(FrequentPassengerBody.safeParse({ ...passenger, nickname: 'J' }).success).toBe(false);
    expect(UpdateFrequentPassengerBody.safeParse({ surname: 'JONES' }).success).toBe(true);
    expect(UpdateFrequentPassengerBody.safeParse({ nickname: 'J' }).success).toBe(false);
  });
});

describe('frequent passenger dates', () => {
  it('takes calendar days from 1900 for the birthday and the document expiry', () => {
    const doc = passenger.travel_document;
    for (const birthday of ['1985-02-29', '1899-12-31', '85-03-04', '1985-3-4']) {
      expect(FrequentPassengerBody.safeParse({ ...passenger, birthday }).success, birthday).toBe(false);
    }
    for (const expiryDate of ['2031-02-30', '9999-12-31', '2031-13-01']) {
      const body = { ...passenger, travel_document: { ...doc, expiryDate } };
      expect(FrequentPassengerBody.safeParse(body).success, expiryDate).toBe(false);
    }
    expect(FrequentPassengerBody.safeParse({ ...passenger, birthday: '1900-01-01' }).success).toBe(true);
    // The document type must still match its interface type.
    const mismatch = { ...passenger, travel_document: { ...doc, type: 'idcard' } };
    expect(FrequentPassengerBody.safeParse(mismatch).success).toBe(false);
    expect(MemberCardBody.safeParse({ ...card, expiryDate: '2030-02-30' }).success).toBe(false);
    expect(MemberCardBody.safeParse({ ...card, expiryDate: '2030-02-28' }).success).toBe(true);
  });
});

describe('member cards', () => {
  it('accepts a card and refuses unknown fields or a bad airline', () => {
    expect(MemberCardBody.safeParse(card).success).toBe(true);
    expect(MemberCardBody.safeParse({ ...card, points: 10 }).success).toBe(false);
    expect(MemberCardBody.safeParse({ ...card, airline: 'AIR' }).success).toBe(false);
    expect(UpdateMemberCardBody.safeParse({ tier: 'Gold' }).success).toBe(true);
    expect(UpdateMemberCardBody.safeParse({ points: 1 }).success).toBe(false);
  });
});
