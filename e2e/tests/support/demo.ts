import { createHmac, randomBytes } from 'node:crypto';

export const DEMO_PASSWORD = 'demo1234';

/**
 * The demo users of the seed, where spec §2 says each lands after login, and that page's English
 * title (the partner agency always sees zh-cn).
 */
export const DEMO_USERS = [
  { username: 'admin', landing: '/flight/booking', title: 'Flight booking' },
  { username: 'operator', landing: '/flight/booking', title: 'Flight booking' },
  { username: 'finance', landing: '/bills/statements', title: 'Statements' },
  { username: 'subop', landing: '/flight/booking', title: 'Flight booking' },
  { username: 'trainop', landing: '/train/booking', title: 'Train booking' },
  { username: 'partner', landing: '/flight/booking', title: '机票预订' },
] as const;

/** The server's partner SSO secret: `playwright.config.ts` chooses it and gives it to the server. */
function partnerSsoSecret(): string {
  const secret = process.env.PARTNER_SSO_SECRET;
  if (!secret) throw new Error('PARTNER_SSO_SECRET is not set (playwright.config.ts sets it)');
  return secret;
}

/** A partner single-login query string, signed as the partner's site would sign it. */
export function partnerSsoQuery(userid = 'P-1001', secret = partnerSsoSecret()) {
  const code = randomBytes(12).toString('hex');
  const timestamp = Date.now();
  const signature = createHmac('sha256', secret).update(`${code}|${timestamp}|${userid}`).digest('hex');
  return new URLSearchParams({
    iframe: '1',
    code,
    signature,
    timestamp: String(timestamp),
    userid,
  }).toString();
}
