import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { usePlatformSessionStore } from '../shared/platform/platform-session-store';
import { useSessionStore } from '../shared/stores/session-store';
import { SITE } from './fixtures';

/** An envelope `{code, data, message}`. */
export function envelope(data: unknown, code = 0, message = 'ok') {
  return { code, data, message };
}

const emptyPage = () => HttpResponse.json(envelope({ list: [], total: 0, page: 1, pageSize: 20 }));

/**
 * Default handlers: public site config and rates, /me echoing the stored session, and empty lists
 * of the account's frequent passengers and member cards (the profile page asks for them).
 */
export const defaultHandlers = [
  http.get('/base/v2/config/getSiteConfig', () => HttpResponse.json(envelope(SITE))),
  http.get('/base/v2/exchangeRates', () =>
    HttpResponse.json(envelope({ base: 'CNY', rates: { USD: '0.1389', EUR: '0.1290' }, updatedAt: '' })),
  ),
  http.get('/base/v2/me', () => {
    const { userInfo, company, websitePrefix, permissions } = useSessionStore.getState();
    return HttpResponse.json(envelope({ userInfo, company, websitePrefix, permissions }));
  }),
  http.get('/base/v2/often-used-passengers', emptyPage),
  http.get('/base/v2/member-cards', emptyPage),
  // A supplier that sells no seats or bags, unless a test says otherwise.
  http.get('/shopping/v2/flight/solutions/:id/ancillaries', () =>
    HttpResponse.json(envelope({ seatMaps: [], bags: [] })),
  ),
  // The wallet page asks for late card payments (none unless a test serves some).
  http.get('/order/v2/payments/late-captures', emptyPage),
  // A balance payment's confirmation reads the wallet (a test serves another to change it).
  http.get('/base/v2/wallet/payment-balances', () =>
    HttpResponse.json(
      envelope([
        {
          currency: 'CNY',
          balance: { amount: '50000.00', currency: 'CNY' },
          creditLimit: { amount: '10000.00', currency: 'CNY' },
          available: { amount: '60000.00', currency: 'CNY' },
        },
      ]),
    ),
  ),
  // The platform back office asks who is signed in when it opens: the stored platform session.
  http.get('/platform/v2/me', () => {
    const { admin, expiresAt } = usePlatformSessionStore.getState();
    return HttpResponse.json(envelope({ admin, expiresAt }));
  }),
  // The header's bell asks for the user's notices (none unless a test serves some).
  http.get('/base/v2/notifications', () =>
    HttpResponse.json(envelope({ list: [], total: 0, page: 1, pageSize: 10, unread: 0 })),
  ),
];

export const server = setupServer(...defaultHandlers);
