import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

/**
 * The demo's platform admins (apps/api/src/seed/platform-admins.ts, docs/platform.md): public
 * credentials, seeded in demo mode only.
 */
export const DEMO_PLATFORM_ADMINS = {
  finance: {
    username: 'platform.finance',
    password: 'platform-demo-1',
    totpSecret: 'DEMOFINANCEPLATFORMTOTPSECRET234',
  },
  approver: {
    username: 'platform.approver',
    password: 'platform-demo-2',
    totpSecret: 'DEMOAPPROVERPLATFORMTOTPSECRET23',
  },
} as const;

export type DemoPlatformAdmin = (typeof DEMO_PLATFORM_ADMINS)[keyof typeof DEMO_PLATFORM_ADMINS];

const STEP_MS = 30_000;

/** The admin's authenticator code for the 30-second step holding `at`. */
export function platformCode(admin: DemoPlatformAdmin, at = Date.now()): Promise<string> {
  return generate({ secret: admin.totpSecret, epoch: Math.floor(at / 1000) });
}

/**
 * Signs `admin` in on the platform sign-in (`/platform`, texts in English). A code works once:
 * when another test used this step's code already, the next step's code is tried (the server
 * accepts one step of clock drift either way).
 */
export async function signInToPlatform(page: Page, admin: DemoPlatformAdmin): Promise<void> {
  await page.goto('/platform');
  const form = page.getByTestId('platform-sign-in-form');
  await expect(form).toBeVisible();
  for (const ahead of [0, STEP_MS]) {
    await form.getByLabel('User name').fill(admin.username);
    await form.getByLabel('Password').fill(admin.password);
    await form
      .getByLabel('Authenticator code (6 digits)')
      .fill(await platformCode(admin, Date.now() + ahead));
    await form.getByRole('button', { name: 'Sign in' }).click();
    const signedIn = page.getByTestId('platform-home-page');
    const refused = form.getByRole('alert');
    await expect(signedIn.or(refused)).toBeVisible({ timeout: 15_000 });
    if (await signedIn.isVisible()) return;
  }
  throw new Error(`platform sign-in of ${admin.username} refused with this step's and the next step's code`);
}
