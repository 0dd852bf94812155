/** The interface languages of the portal (spec §1, §9). */
export const LOCALES = ['en', 'zh-cn', 'zh-tw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-cn';

/** Time and date formats of spec §9, in date-fns/dayjs-agnostic tokens as the spec writes them. */
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd';
export const DEFAULT_TIME_FORMAT = 'HH:mm:ss';
export const DEFAULT_REGION = '86';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the portal locale from an Accept-Language header or a stored value.
 * Chinese variants map by script/region: Hant, TW, HK and MO read traditional; other zh read simplified.
 */
export function resolveLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.tag && !Number.isNaN(t.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (isLocale(tag)) return tag;
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag.startsWith('zh')) {
      return /hant|-tw|-hk|-mo/.test(tag) ? 'zh-tw' : 'zh-cn';
    }
  }
  return DEFAULT_LOCALE;
}
