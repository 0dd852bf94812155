import { z } from 'zod';
import { DATE_FORMATS, SiteConfig } from './auth';
import { CURRENCIES } from './currency';
import { LOCALES } from './locale';
import { CleanText } from './primitives';

/**
 * The site config the platform edits (spec §3 "Site info"): its rules, shared by the screen and
 * the API. Images (logo, white logo, favicon) are uploaded one by one; the rate map comes from the
 * exchange rates.
 */

export const SITE_NAME_MAX = 100;
export const SITE_CODE_MAX = 64;
/** An uploaded site image: PNG or JPEG, at most 2 MB, stored as a PNG the server drew itself. */
export const SITE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const SITE_IMAGE_KINDS = ['logo', 'whiteLogo', 'favicon'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];
/** The box each image is fitted within (never enlarged); a favicon is square. */
export const SITE_IMAGE_BOX: Record<SiteImageKind, { width: number; height: number }> = {
  logo: { width: 400, height: 160 },
  whiteLogo: { width: 400, height: 160 },
  favicon: { width: 64, height: 64 },
};

const Name = CleanText.pipe(z.string().trim().min(1).max(SITE_NAME_MAX));
const OptionalName = CleanText.pipe(z.string().trim().max(SITE_NAME_MAX));
const Code = CleanText.pipe(z.string().trim().max(SITE_CODE_MAX));

/** PUT /platform/v2/site: every editable field at once. */
export const SiteConfigBody = z
  .object({
    name: Name,
    shortName: Name,
    chineseName: Name,
    chineseShortName: Name,
    traditionalName: OptionalName.default(''),
    traditionalShortName: OptionalName.default(''),
    dateFormat: z.enum(DATE_FORMATS),
    defaultCurrency: z.enum(CURRENCIES),
    defaultLanguage: z.enum(LOCALES),
    currencies: z.array(z.enum(CURRENCIES)).min(1).max(CURRENCIES.length),
    isIcp: z.boolean(),
    icpCode: Code,
    isNetworkSecurity: z.boolean(),
    networkSecurityCode: Code,
  })
  .superRefine((body, ctx) => {
    for (const issue of siteConfigIssues(body)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type SiteConfigBody = z.infer<typeof SiteConfigBody>;

/** The rules between fields, with the message key the screen shows (`platformSite.error.*`). */
export function siteConfigIssues(body: {
  defaultCurrency: string;
  currencies: readonly string[];
  isIcp: boolean;
  icpCode: string;
  isNetworkSecurity: boolean;
  networkSecurityCode: string;
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (new Set(body.currencies).size !== body.currencies.length)
    issues.push({ path: ['currencies'], message: 'platformSite.error.duplicateCurrency' });
  if (!body.currencies.includes(body.defaultCurrency))
    issues.push({ path: ['defaultCurrency'], message: 'platformSite.error.defaultCurrencyOffered' });
  if (body.isIcp && body.icpCode.trim() === '')
    issues.push({ path: ['icpCode'], message: 'platformSite.error.icpCodeRequired' });
  if (body.isNetworkSecurity && body.networkSecurityCode.trim() === '')
    issues.push({ path: ['networkSecurityCode'], message: 'platformSite.error.networkSecurityCodeRequired' });
  return issues;
}

/** The site config as stored and edited: what `getSiteConfig` serves without the rate map. */
export const StoredSiteConfig = SiteConfig.omit({ rateMap: true });
export type StoredSiteConfig = z.infer<typeof StoredSiteConfig>;

export const SiteImageParams = z.object({ kind: z.enum(SITE_IMAGE_KINDS) });
export const SiteImageFileParams = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) });

/** The public address of a stored site image. */
export function siteImagePath(fileId: string): string {
  return `/base/v2/config/site-images/${fileId}`;
}
