import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES as ENQUIRY_STATUSES } from './applications';
import {
  APPLICATION_STATUSES,
  canSetApplicationStatus,
  ConvertApplicationBody,
  SuspendAgencyBody,
} from './platform-agencies';

describe('application statuses set by hand', () => {
  it('are the statuses of the enquiries table', () => {
    expect(APPLICATION_STATUSES).toEqual(ENQUIRY_STATUSES);
  });

  it.each([
    ['new', 'contacted', true],
    ['contacted', 'declined', true],
    ['declined', 'new', true],
    ['new', 'new', false],
    ['new', 'converted', false],
    ['contacted', 'converted', false],
    ['converted', 'new', false],
    ['converted', 'declined', false],
  ] as const)('%s -> %s: %s', (from, to, allowed) => {
    expect(canSetApplicationStatus(from, to)).toBe(allowed);
  });
});

describe('the conversion form', () => {
  const valid = {
    companyName: ' Harbour Trips ',
    contactName: 'Lee',
    email: 'lee@harbour.example',
    settlementCurrency: 'USD',
    timeZone: 'asia/hong_kong',
    superAdminUsername: 'harbour.admin',
  };

  it('trims texts, stores the canonical time zone and takes no phone as null', () => {
    expect(ConvertApplicationBody.parse(valid)).toMatchObject({
      companyName: 'Harbour Trips',
      timeZone: 'Asia/Hong_Kong',
      phone: null,
    });
  });

  it.each([
    ['email', 'not-an-email'],
    ['settlementCurrency', 'XXX'],
    ['timeZone', 'Mars/Olympus'],
    ['companyName', ' '],
  ])('refuses a bad %s', (field, value) => {
    expect(ConvertApplicationBody.safeParse({ ...valid, [field]: value }).success).toBe(false);
  });

  it('needs a reason to suspend', () => {
    expect(SuspendAgencyBody.safeParse({ reason: '  ' }).success).toBe(false);
    expect(SuspendAgencyBody.parse({ reason: ' unpaid ' })).toEqual({ reason: 'unpaid' });
  });
});
