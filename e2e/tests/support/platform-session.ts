import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { xsrfHeaders } from './xsrf';

/** The demo's second platform admin (public demo values, seeded only in demo mode). */
export const DEMO_PLATFORM_APPROVER = {
  username: 'platform.approver',
  password: 'platform-demo-2',
  totpSecret: 'DEMOAPPROVERPLATFORMTOTPSECRET23',
};

function base32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The authenticator's six digits for `at` (RFC 6238: SHA-1, 30-second steps). */
function totp(secret: string, at: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const hmac = crypto.createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/**
 * Signs the demo approver in through the API and puts the platform session where the web app
 * keeps it (sessionStorage, `portal-platform-session`) before the pages load. A code works once:
 * when this step's code was used already, the next step's is tried.
 */
export async function signInToPlatform(page: Page, request: APIRequestContext): Promise<void> {
  const admin = DEMO_PLATFORM_APPROVER;
  let answer: { code: number; message: string; data: unknown } = { code: -1, message: '', data: null };
  for (let attempt = 0; attempt < 2 && answer.code !== 0; attempt += 1) {
    if (attempt > 0) await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    const response = await request.post('/platform/v2/login', {
      data: { username: admin.username, password: admin.password, code: totp(admin.totpSecret, Date.now()) },
      headers: await xsrfHeaders(request),
    });
    answer = (await response.json()) as typeof answer;
  }
  expect(answer.code, `platform sign-in: ${answer.message}`).toBe(0);
  const stored = JSON.stringify({ state: answer.data, version: 0 });
  await page.addInitScript((value) => sessionStorage.setItem('portal-platform-session', value), stored);
}
