import { describe, expect, it } from 'vitest';
import { LOCALES } from '@portal/domain/locale';
import { PAYMENT_CHANNELS } from '@portal/domain/payment';
import { t } from './i18n';

describe('server texts', () => {
  it('fill placeholders, and write nothing for a missing or null value', () => {
    expect(t('en', 'email.subject.order.booked', { bookingNumber: 'B1' })).toBe('Booking B1 received');
    expect(t('zh-cn', 'email.subject.order.booked', { bookingNumber: null })).toBe('已收到订单 ');
    expect(t('zh-tw', 'email.subject.wallet.topped_up', { amount: 12.5 })).toBe('您的錢包已儲值 12.5 ');
  });

  it('write a value as it is, without reading placeholders or nesting in it', () => {
    const agency = '$t(email.footer) {{bookingNumber}}';
    expect(t('en', 'bills.description.transferIn', { agency, bookingNumber: 'X' })).toBe(
      `Transfer from ${agency}`,
    );
  });

  it('name each payment method as the web app lists it, in every locale', () => {
    for (const locale of LOCALES) {
      for (const channel of PAYMENT_CHANNELS) {
        const name = t(locale, `bills.method.${channel}`);
        expect(name).not.toBe(`bills.method.${channel}`);
        expect(name.trim()).not.toBe('');
      }
    }
    expect(t('en', 'bills.method.balance')).toBe('Balance');
    expect(t('zh-tw', 'userLog.action.login_failed')).toBe('登入失敗');
  });
});
