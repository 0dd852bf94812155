import { describe, expect, it } from 'vitest';
import {
  AgencyListQuery,
  CreateAgencyBody,
  isAllowedDomain,
  PARTNER_CODE_ALPHABET,
  PARTNER_CODE_LENGTH,
  PARTNER_CODE_PATTERN,
  UpdateAgencyBody,
} from './agencies';

const valid = {
  name: 'Harbour Travel',
  contactName: 'Mei Lin',
  email: 'ops@harbour.example',
  superAdminUsername: 'harbour.admin',
};

describe('allowed domains', () => {
  it.each(['example.com', 'portal.example.co.uk', '*.example.com', 'a-b.example', 'xn--fiqs8s.cn'])(
    'accepts %s',
    (host) => expect(isAllowedDomain(host)).toBe(true),
  );
  it.each([
    'localhost',
    'https://example.com',
    'example.com/path',
    'example.com:8080',
    '-bad.example.com',
    'bad-.example.com',
    '192.168.1.1',
    '*.',
    'a..b',
    'ex ample.com',
    "example.com 'unsafe-inline'",
    '*.*.example.com',
    '',
  ])('refuses %s', (host) => expect(isAllowedDomain(host)).toBe(false));

  it('folds upper case and refuses repeats', () => {
    expect(CreateAgencyBody.parse({ ...valid, allowedDomains: ['Example.COM'] }).allowedDomains).toEqual([
      'example.com',
    ]);
    expect(CreateAgencyBody.safeParse({ ...valid, allowedDomains: ['a.com', 'A.com'] }).success).toBe(false);
  });
});

describe('create and edit bodies', () => {
  it('needs a name, contact name, e-mail and super admin username; blanks become null', () => {
    const body = CreateAgencyBody.parse({ ...valid, alias: '  ', advisor: '' });
    expect(body).toMatchObject({
      alias: null,
      advisor: null,
      phone: null,
      extraInfo: null,
      allowedDomains: [],
    });
    for (const field of ['name', 'contactName', 'email', 'superAdminUsername'] as const) {
      const { [field]: _left, ...rest } = valid;
      expect(CreateAgencyBody.safeParse(rest).success).toBe(false);
    }
  });

  it('checks the e-mail and the phone for its area code', () => {
    expect(CreateAgencyBody.safeParse({ ...valid, email: 'not-an-email' }).success).toBe(false);
    expect(
      CreateAgencyBody.safeParse({ ...valid, phone: { areaCode: '86', number: '13800138000' } }).success,
    ).toBe(true);
    expect(CreateAgencyBody.safeParse({ ...valid, phone: { areaCode: '86', number: '12345' } }).success).toBe(
      false,
    );
  });

  it('refuses unknown fields and lets the edit leave the super admin out', () => {
    expect(CreateAgencyBody.safeParse({ ...valid, partnerCode: 'ABCDEFGH' }).success).toBe(false);
    const { superAdminUsername: _name, ...edit } = valid;
    expect(UpdateAgencyBody.safeParse({ ...edit, parentId: 2 }).success).toBe(true);
    expect(UpdateAgencyBody.safeParse({ ...edit, enabled: false }).success).toBe(false);
    expect(UpdateAgencyBody.safeParse(valid).success).toBe(false);
  });
});

describe('list query', () => {
  it('pages 20 by default, at most 100, and drops a blank keyword', () => {
    expect(AgencyListQuery.parse({ keyword: ' ' })).toEqual({ page: 1, pageSize: 20 });
    expect(AgencyListQuery.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});

describe('partner code', () => {
  it('the pattern matches exactly the codes the alphabet can make', () => {
    expect(PARTNER_CODE_ALPHABET).toHaveLength(30);
    expect(PARTNER_CODE_PATTERN.test(PARTNER_CODE_ALPHABET.slice(0, PARTNER_CODE_LENGTH))).toBe(true);
    for (const c of 'ILOU01') expect(PARTNER_CODE_PATTERN.test(`${c}AAAAAAA`)).toBe(false);
  });
});
