import { describe, expect, it } from 'vitest';
import { stringsOver } from './texts.test-helpers';
import { isCreditLimitText, isExchangeRateText, isPositiveAmountText } from './money-request-fields';
import { CreditRequestBody, FundingRequestBody } from './platform-funding';
import { CreditLimitBody, TopUpBody } from './wallet';

/**
 * Candidate texts of a decimal field: every short string over the characters that matter (digits,
 * zero, the point, signs, a space, an exponent), and the edges of the patterns' lengths.
 */
function candidateTexts(): string[] {
  const texts = stringsOver(['0', '1', '9', '.', '-', '+', ' ', 'e', ','], 4);
  for (const integer of ['0', '1', '000', '9'.repeat(11), '9'.repeat(12), '9'.repeat(13), '0'.repeat(12)]) {
    for (const decimals of [
      '',
      '.',
      '.0',
      '.00',
      '.000',
      '.5',
      '.05',
      '.123',
      '.00000001',
      '.12345678',
      '.123456789',
      '.000000000',
    ]) {
      texts.add(integer + decimals);
    }
  }
  for (const text of [
    '1e3',
    '0x10',
    'Infinity',
    'NaN',
    ' 1',
    '1 ',
    '１',
    '٣',
    '1_000',
    '12345678901234567890.12',
  ])
    texts.add(text);
  return [...texts];
}

const texts = candidateTexts();

describe('money request fields without zod', () => {
  it('tries many texts', () => {
    expect(texts.length).toBeGreaterThan(7000);
  });

  it('takes the amounts the top-up and funding schemas take, and only those', () => {
    for (const text of texts) {
      const expected = TopUpBody.shape.amount.safeParse(text).success;
      expect(isPositiveAmountText(text), JSON.stringify(text)).toBe(expected);
      expect(FundingRequestBody.shape.amount.safeParse(text).success, JSON.stringify(text)).toBe(expected);
      expect(FundingRequestBody.shape.amountReceived.safeParse(text).success, JSON.stringify(text)).toBe(
        expected,
      );
    }
  });

  it('takes the exchange rates the top-up and funding schemas take, and only those', () => {
    for (const text of texts) {
      const expected = TopUpBody.shape.exchangeRate.safeParse(text).success;
      expect(isExchangeRateText(text), JSON.stringify(text)).toBe(expected);
      expect(FundingRequestBody.shape.exchangeRate.safeParse(text).success, JSON.stringify(text)).toBe(
        expected,
      );
    }
  });

  it('takes the credit limits the credit schemas take, and only those', () => {
    for (const text of texts) {
      const expected = CreditLimitBody.shape.credit.safeParse(text).success;
      expect(isCreditLimitText(text), JSON.stringify(text)).toBe(expected);
      expect(CreditRequestBody.shape.credit.safeParse(text).success, JSON.stringify(text)).toBe(expected);
    }
  });

  it('sees both sides of each rule among the texts', () => {
    for (const accepts of [isPositiveAmountText, isExchangeRateText, isCreditLimitText]) {
      expect(texts.filter(accepts).length).toBeGreaterThan(50);
      expect(texts.filter((t) => !accepts(t)).length).toBeGreaterThan(50);
    }
    expect(isCreditLimitText('0')).toBe(true);
    expect(isPositiveAmountText('0')).toBe(false);
  });
});
