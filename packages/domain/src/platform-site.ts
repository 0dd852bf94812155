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
    /** The home page's figures (`site-figures.ts`); absent keeps the stored ones. */
    figures: z
      .object({
        clients: z.number().int().min(0).max(1_000_000).nullable(),
        suppliers: z.number().int().min(0).max(10_000),
        foundedYear: z.number().int().min(1900).max(2199),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    for (const issue of siteConfigIssues(body))
      ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
  });
export type SiteConfigBody = z.infer<typeof SiteConfigBody>;

/** A rule between fields that a body breaks: the field to mark and the message key. */
export interface SiteConfigIssue {
  path: ['currencies' | 'defaultCurrency' | 'icpCode' | 'networkSecurityCode'];
  message: string;
}

/** The rules between fields, with the message key the screen shows (`platformRates.site.error.*`). */
export function siteConfigIssues(body: {
  defaultCurrency: string;
  currencies: readonly string[];
  isIcp: boolean;
  icpCode: string;
  isNetworkSecurity: boolean;
  networkSecurityCode: string;
}): SiteConfigIssue[] {
  const issues: SiteConfigIssue[] = [];
  if (new Set(body.currencies).size !== body.currencies.length)
    issues.push({ path: ['currencies'], message: 'platformRates.site.error.duplicateCurrency' });
  if (!body.currencies.includes(body.defaultCurrency))
    issues.push({ path: ['defaultCurrency'], message: 'platformRates.site.error.defaultCurrencyOffered' });
  if (body.isIcp && body.icpCode.trim() === '')
    issues.push({ path: ['icpCode'], message: 'platformRates.site.error.icpCodeRequired' });
  if (body.isNetworkSecurity && body.networkSecurityCode.trim() === '')
    issues.push({
      path: ['networkSecurityCode'],
      message: 'platformRates.site.error.networkSecurityCodeRequired',
    });
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
