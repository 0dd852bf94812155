import { describe, expect, it } from 'vitest';
import { isWebsiteUrl, UpdateCompanyBody } from './company';

const base = { name: 'Agency', address: 'Road 1' };

describe('company profile rules', () => {
  it.each([
    ['https://agency.example', true],
    ['http://agency.example/about', true],
    ['javascript:alert(1)', false],
    ['https://user:pw@agency.example', false],
    ['https://localhost', false],
    ['agency.example', false],
  ])('website %s -> %s', (url, ok) => {
    expect(isWebsiteUrl(url)).toBe(ok);
  });

  it('requires the name and the address, trimmed', () => {
    expect(UpdateCompanyBody.safeParse({ ...base, address: '  ' }).success).toBe(false);
    expect(UpdateCompanyBody.safeParse({ name: 'Agency' }).success).toBe(false);
    expect(UpdateCompanyBody.parse({ name: ' A ', address: ' B ' })).toMatchObject({
      name: 'A',
      address: 'B',
    });
  });

  it('stores left-out or blank optional fields as null', () => {
    expect(UpdateCompanyBody.parse({ ...base, alias: ' ', email: '' })).toEqual({
      ...base,
      alias: null,
      contactName: null,
      email: null,
      phone: null,
      website: null,
      extraInfo: null,
    });
  });

  it('checks the phone against its area code', () => {
    const phone = (areaCode: string, number: string) =>
      UpdateCompanyBody.safeParse({ ...base, phone: { areaCode, number } }).success;
    expect(phone('86', '13800138000')).toBe(true);
    expect(phone('852', '91234567')).toBe(true);
    expect(phone('86', '12345')).toBe(false);
  });

  it('refuses NUL characters and unknown fields', () => {
    expect(UpdateCompanyBody.safeParse({ ...base, name: 'A\u0000' }).success).toBe(false);
    expect(UpdateCompanyBody.safeParse({ ...base, logo: 'x' }).success).toBe(false);
  });
});
