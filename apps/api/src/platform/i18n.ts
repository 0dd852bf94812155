import type { FastifyRequest } from 'fastify';
import i18next from 'i18next';
import { z } from 'zod';
import { LOCALES, resolveLocale, type Locale } from '@portal/domain/locale';
// The server's texts are a part of the web app's locale files (one folder for the translators):
// `locales/server/<lng>.json` holds what only the server writes; the web never imports it. Names
// the web also shows (payment methods, entry types, statuses) are read from the web's own files.
import serverEn from '../../../web/src/locales/server/en.json';
import serverZhCn from '../../../web/src/locales/server/zh-cn.json';
import serverZhTw from '../../../web/src/locales/server/zh-tw.json';
import webEn from '../../../web/src/locales/en.json';
import webZhCn from '../../../web/src/locales/zh-cn.json';
import webZhTw from '../../../web/src/locales/zh-tw.json';

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

/** A nested translation tree, as in the locale JSON files. */
interface TextTree {
  [key: string]: string | TextTree;
}

/** The dotted keys of a locale file's leaves (`email.subject.order.booked`). */
type LeafKeys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * Sections of the web's locale files the server writes too: the names of things both sides show
 * (in a list on screen and in a cell of an export), translated once.
 */
export const SHARED_TEXT_SECTIONS = [
  'bills.method',
  'bills.type',
  'bills.description',
  'bills.kind',
  'agencyMoney.spending',
  'voyage.ticketStatus',
  'booking.passengerType',
  'flight.invoiceType',
  'userLog.action',
  'userLog.outcome',
  'userLog.event',
  'userLog.failed',
  'userLog.kind',
  'userLog.words',
  'clientQuotes.validation',
  'trainBooking.seatClasses',
  'groupOrders.instalment.kind',
  'groupOrders.instalment.stateLabel',
] as const;

type SharedSection = (typeof SHARED_TEXT_SECTIONS)[number];

/** A text only the server writes (`locales/server/<lng>.json`). */
export type ServerTextKey = LeafKeys<typeof serverEn>;
/** A name the web shows too, read from the web's locale files. */
export type SharedTextKey = Extract<LeafKeys<typeof webEn>, `${SharedSection}.${string}`>;
export type TextKey = ServerTextKey | SharedTextKey;

type Suffix<K, Prefix extends string> = K extends `${Prefix}.${infer Rest}` ? Rest : never;
/** The keys under a section, without it: `TextKeysUnder<'email.label'>` is `'route' | ...`. */
export type TextKeysUnder<Prefix extends string> = Suffix<TextKey, Prefix>;

/** Values a text is written with (`{{name}}` in the locale files); null and missing write nothing. */
export type TextVars = Readonly<Record<string, string | number | null | undefined>>;

const SERVER_FILES: Record<Locale, TextTree> = { en: serverEn, 'zh-cn': serverZhCn, 'zh-tw': serverZhTw };
const WEB_FILES: Record<Locale, TextTree> = { en: webEn, 'zh-cn': webZhCn, 'zh-tw': webZhTw };

/** The subtree of `tree` at a dotted `path` (empty when absent). */
function subtree(tree: TextTree, path: string): TextTree {
  let node: TextTree = tree;
  for (const name of path.split('.')) {
    const child = node[name];
    if (typeof child !== 'object') return {};
    node = child;
  }
  return node;
}

/** Only the shared sections of a web locale file, in the same nesting. */
function sharedSections(file: TextTree): TextTree {
  const out: TextTree = {};
  for (const section of SHARED_TEXT_SECTIONS) {
    const names = section.split('.');
    const last = names.pop() ?? section;
    let node = out;
    for (const name of names) {
      const child = node[name];
      node = typeof child === 'object' ? child : (node[name] = {});
    }
    node[last] = subtree(file, section);
  }
  return out;
}

const texts = i18next.createInstance();
void texts.init({
  // Resources are given: init is synchronous, `t` works as soon as this module is loaded.
  initAsync: false,
  resources: Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      { server: SERVER_FILES[locale], shared: sharedSections(WEB_FILES[locale]) },
    ]),
  ),
  ns: ['server', 'shared'],
  defaultNS: 'server',
  fallbackNS: 'shared',
  lng: 'en',
  supportedLngs: [...LOCALES],
  lowerCaseLng: true,
  load: 'currentOnly',
  // Every key is in every locale (the locale test checks it): no second language to fall back to.
  fallbackLng: false,
  // Plain text (e-mails, Excel cells): nothing to escape. A missing or null value writes nothing.
  interpolation: { escapeValue: false },
  missingInterpolationHandler: () => '',
  returnNull: false,
});

/** The namespace that holds each key: the server's own texts, then the shared names. */
const NAMESPACES = ['server', 'shared'] as const;

/** Each text as written in its file, by locale and key (the resources never change once loaded). */
const templates = new Map<string, string | null>();

function templateOf(locale: Locale, key: TextKey): string | null {
  const id = `${locale}:${key}`;
  let template = templates.get(id);
  if (template === undefined) {
    const found = NAMESPACES.map((ns): unknown => texts.getResource(locale, ns, key));
    template = found.find((text): text is string => typeof text === 'string') ?? null;
    templates.set(id, template);
  }
  return template;
}

/**
 * The text of `key` in `locale`, with `{{name}}` placeholders filled from `vars`. Keys are checked
 * at compile time against the English file; the locale test keeps the other languages complete.
 * An export writes a text per cell, so the text is looked up once and filled by i18next's
 * interpolator (its `t` costs tens of µs a call, too much for 10,000 rows); a key not found that
 * way (a plural form) goes through `t`.
 */
export function t(locale: Locale, key: TextKey, vars: TextVars = {}): string {
  const template = templateOf(locale, key);
  if (template === null) return texts.t(key, { lng: locale, replace: vars });
  return template.includes('{{')
    ? texts.services.interpolator.interpolate(template, vars, locale, {})
    : template;
}
