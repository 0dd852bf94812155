import { describe, expect, it } from 'vitest';
import { ApplicationBody } from './api/applications';
import {
  applicationProblems,
  APPLICATION_LIMITS,
  COUNTRY_CODES,
  isEnquiryEmail,
  isEnquiryWebsite,
  type ApplicationValues,
} from './applications';

const blank: ApplicationValues = {
  name: '',
  email: '',
  phoneAreaCode: '',
  phone: '',
  country: '',
  companyName: '',
  companyAddress: '',
  website: '',
  others: '',
};
const good: ApplicationValues = { ...blank, name: 'Ada Travel', email: 'ada@example.com', country: 'GB' };

describe('applicationProblems (spec §5 partnership form)', () => {
  it('passes a form with name, country and an e-mail', () => {
    expect(applicationProblems(good)).toEqual({});
  });

  it('passes a form with a phone instead of an e-mail', () => {
    expect(applicationProblems({ ...good, email: '', phoneAreaCode: '+86', phone: '138 0013 8000' })).toEqual(
      {},
    );
  });

  it.each([
    ['name', { name: '   ' }, 'nameRequired'],
    ['country', { country: '' }, 'countryRequired'],
    ['country', { country: 'XX' }, 'countryRequired'],
    ['email', { email: '', phone: '' }, 'contactRequired'],
    ['email', { email: 'ada@' }, 'emailFormat'],
    ['email', { email: 'ada example.com' }, 'emailFormat'],
    ['phone', { phone: '12ab' }, 'phoneFormat'],
    ['phone', { phone: '123' }, 'phoneFormat'],
    ['phoneAreaCode', { phone: '13800138000', phoneAreaCode: '12345' }, 'areaCodeFormat'],
    ['website', { website: 'not a site' }, 'websiteFormat'],
    ['website', { website: 'ftp://example.com' }, 'websiteFormat'],
    ['name', { name: 'x'.repeat(APPLICATION_LIMITS.name + 1) }, 'tooLong'],
    ['others', { others: 'x'.repeat(APPLICATION_LIMITS.others + 1) }, 'tooLong'],
    ['companyAddress', { companyAddress: 'x'.repeat(APPLICATION_LIMITS.companyAddress + 1) }, 'tooLong'],
  ] as const)('%s: %j is %s', (field, change, problem) => {
    expect(applicationProblems({ ...good, ...change })[field]).toBe(problem);
  });

  it('accepts texts at their bounds', () => {
    expect(
      applicationProblems({
        ...good,
        name: 'x'.repeat(APPLICATION_LIMITS.name),
        others: 'y'.repeat(APPLICATION_LIMITS.others),
      }),
    ).toEqual({});
  });

  it('reads e-mails and websites', () => {
    expect(isEnquiryEmail('a.b@mail.example.cn')).toBe(true);
    expect(isEnquiryEmail('a@b')).toBe(false);
    expect(isEnquiryWebsite('example.com')).toBe(true);
    expect(isEnquiryWebsite('https://www.example.com/path')).toBe(true);
    expect(isEnquiryWebsite('javascript:alert(1)')).toBe(false);
  });

  it('offers the 249 ISO 3166-1 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['CN', 'HK', 'MO', 'TW', 'US', 'GB']));
  });
});

describe('ApplicationBody (the API runs the same rules)', () => {
  it('trims, drops blanks and flags the honeypot', () => {
    const parsed = ApplicationBody.parse({
      name: ' Ada ',
      email: ' ',
      phoneAreaCode: '+44',
      phone: '20 7946 0000',
      country: 'GB',
      fax: 'bot',
    });
    expect(parsed).toEqual({
      name: 'Ada',
      email: null,
      phoneAreaCode: '44',
      phone: '2079460000',
      country: 'GB',
      companyName: null,
      companyAddress: null,
      website: null,
      others: null,
      honeypot: true,
    });
  });

  it('refuses a form the web form refuses, naming the field', () => {
    const result = ApplicationBody.safeParse({ name: 'Ada', country: 'GB' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['email']);
  });
});
