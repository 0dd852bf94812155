import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { bookingErrorText } from './server-errors';

const t = ((key: string) => `<${key}>`) as unknown as TFunction;

describe('the text of a refused booking field', () => {
  it('translates a passenger rule, given as a key or as the message', () => {
    expect(bookingErrorText(t, { path: 'passengers.0.surname', key: 'passenger.surname.letters' }, '')).toBe(
      '<booking.rules.passenger.surname.letters>',
    );
    expect(
      bookingErrorText(t, { path: 'passengers.0.surname', message: 'passenger.surname.letters' }, ''),
    ).toBe('<booking.rules.passenger.surname.letters>');
  });

  it("shows the server's own words for a check of the request's shape, never a bare key", () => {
    const tooLong = { path: 'contact.name', message: '数值过大：期望 string <=64 字符' };
    expect(bookingErrorText(t, tooLong, 'fallback')).toBe('数值过大：期望 string <=64 字符');
    expect(bookingErrorText(t, { path: 'contact.name' }, 'fallback')).toBe('fallback');
    expect(bookingErrorText(t, { path: 'contact.name', key: 'not.a.rule' }, 'fallback')).toBe('fallback');
  });
});
