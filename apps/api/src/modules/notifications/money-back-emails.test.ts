import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-templates';
import type { NotificationKind } from './notifications.schema';

/** The e-mails of an event that gives money back: each says where it went, never a place it did not go. */
const MONEY_BACK: NotificationKind[] = [
  'change.failed',
  'refund.completed',
  'void.completed',
  'order.ticketing_failed',
  'ancillary.refused',
];

const params = { bookingNumber: 'F1' };

describe('where the money of a failed or undone order went, in its e-mail', () => {
  it.each(MONEY_BACK)('%s paid by card says the card and its channel, not the wallet', (kind) => {
    const mail = renderEmail(kind, 'en', { ...params, moneyTo: 'card', channel: 'alipay' });
    expect(mail.text).toContain('The money goes back to the card it was paid with, through Alipay');
    expect(mail.html).toContain('through Alipay');
    expect(mail.text).not.toContain('wallet');
  });

  it.each(MONEY_BACK)('%s paid from the balance says the wallet, not a card', (kind) => {
    const mail = renderEmail(kind, 'en', { ...params, moneyTo: 'wallet' });
    expect(mail.text).toContain('The money is credited to your wallet.');
    expect(mail.text).not.toContain('card');
  });

  it.each(MONEY_BACK)('%s with no money moved names neither', (kind) => {
    const mail = renderEmail(kind, 'en', params);
    expect(mail.text).not.toContain('wallet');
    expect(mail.text).not.toContain('card');
  });

  it.each([
    [
      'en',
      'card',
      'The airline could not reissue the tickets of your change; the original tickets stay valid. The money goes back to the card it was paid with, through Stripe',
    ],
    ['zh-cn', 'card', '航空公司未能为您的改签重新出票，原机票仍然有效。款项正通过 Stripe 退回原支付卡'],
    ['zh-tw', 'card', '航空公司未能為您的改簽重新開票，原機票仍然有效。款項正透過 Stripe 退回原支付卡'],
    ['en', 'wallet', 'the original tickets stay valid. The money is credited to your wallet.'],
    ['zh-cn', 'wallet', '原机票仍然有效。款项已退回您的钱包。'],
    ['zh-tw', 'wallet', '原機票仍然有效。款項已退回您的錢包。'],
  ] as const)('the change.failed e-mail in %s, money to the %s', (locale, moneyTo, line) => {
    const mail = renderEmail('change.failed', locale, { ...params, moneyTo, channel: 'stripe' });
    expect(mail.text).toContain(line);
  });

  it('names a channel the bills do not know as it is', () => {
    const mail = renderEmail('refund.completed', 'en', { ...params, moneyTo: 'card', channel: 'newpay' });
    expect(mail.text).toContain('through newpay');
  });
});
