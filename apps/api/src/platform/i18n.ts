import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveLocale, type Locale } from '@portal/domain/locale';

export function localeOf(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return resolveLocale(Array.isArray(header) ? header[0] : header);
}

const LOCALE_ERROR_MAPS = {
  en: z.locales.en().localeError,
  'zh-cn': z.locales.zhCN().localeError,
  'zh-tw': z.locales.zhTW().localeError,
} satisfies Record<Locale, unknown>;

/** The zod error map that writes validation messages in `locale`. */
export function zodErrorMap(locale: Locale) {
  return LOCALE_ERROR_MAPS[locale];
}
