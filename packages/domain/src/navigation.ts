import { allows, allowsPlatform, isPlatformAccess } from './access';
import { hasFinanceAccess, hasFlightService, hasTrainService, type AccessSubject } from './roles';
import { matchRoute, PLATFORM_HOME_PATH, type RouteMeta } from './routes';
import type { Locale } from './locale';

export type GuardMessage = 'router.login' | 'router.notRole' | 'profile.password.changeRequired';

/** Where a user signed in with a temporary password sets their own (the account page). */
export const PASSWORD_CHANGE_PATH = '/profile';

export type NavigationDecision =
  | { kind: 'allow'; route: RouteMeta; params: Record<string, string> }
  | { kind: 'redirect'; to: string; message?: GuardMessage }
  | { kind: 'notFound' };

/** The signed-in platform admin as the guard sees them: their platform permissions. */
export interface PlatformSubject {
  permissions: readonly string[];
}

export interface NavigationContext {
  /** The logged-in user, or null when there is no session token. */
  subject: AccessSubject | null;
  /** The signed-in platform admin (a platform session, apart from the agency one), or null. */
  platform?: PlatformSubject | null;
  /** The app runs inside a partner's frame. */
  embedded?: boolean;
}

/**
 * The navigation guard of spec §2 and §6, as a pure decision:
 * public paths pass; other paths need a session (else `router.login`, back to /); then the route's
 * access, the API's access name (else `router.notRole`, back to /). Platform pages need a platform
 * session instead (else back to the platform sign-in, `/platform`) and its permissions.
 * A partner-embedded user on / goes to /flight/booking. A user signed in with a temporary
 * password reaches only the account page (with `profile.password.changeRequired`) until they change it.
 */
export function decideNavigation(pathname: string, ctx: NavigationContext): NavigationDecision {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'notFound' };
  const { route, params } = match;
  if (route.path === '/' && ctx.embedded && ctx.subject) {
    return { kind: 'redirect', to: '/flight/booking' };
  }
  if (route.public) return { kind: 'allow', route, params };
  // A platform page: only a platform session counts, never the agency one.
  if (isPlatformAccess(route.access)) {
    if (!ctx.platform) return { kind: 'redirect', to: PLATFORM_HOME_PATH, message: 'router.login' };
    return allowsPlatform(route.access, ctx.platform.permissions)
      ? { kind: 'allow', route, params }
      : { kind: 'redirect', to: PLATFORM_HOME_PATH, message: 'router.notRole' };
  }
  if (!ctx.subject) return { kind: 'redirect', to: '/', message: 'router.login' };
  // The API answers 201006 to everything else until the temporary password is changed.
  if (ctx.subject.mustChangePassword && route.path !== PASSWORD_CHANGE_PATH) {
    return { kind: 'redirect', to: PASSWORD_CHANGE_PATH, message: 'profile.password.changeRequired' };
  }
  return canEnter(route, ctx.subject)
    ? { kind: 'allow', route, params }
    : { kind: 'redirect', to: '/', message: 'router.notRole' };
}

/** Whether a logged-in subject passes a route's access (`allows`, the API's rule of the same name). */
export function canEnter(route: RouteMeta, subject: AccessSubject): boolean {
  return route.access === undefined || allows(route.access, subject);
}

const hasControlCharacter = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The longest redirect target accepted (a path with its query). */
export const MAX_REDIRECT_LENGTH = 2000;
/** Where relative targets are resolved to check they stay on the site (never visited). */
const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * True for an in-app path that is safe to redirect to, the one rule of the web app and the API
 * (`returnUrl`): it starts with one `/`, and has no backslash (browsers read `/\host` as
 * `//host`), no control character (browsers drop tabs and newlines, so `/\t/host` would become
 * `//host`), and it resolves to the site's own origin.
 */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_REDIRECT_LENGTH) return false;
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  if (target.includes('\\') || hasControlCharacter(target)) return false;
  try {
    return new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * The page after login (spec §2): a requested redirect target the user may enter overrides;
 * otherwise flight booking when flight service is available, then /bills/statements with finance
 * access, then train booking when train service is on, else /profile.
 */
export function landingPath(subject: AccessSubject, redirect?: string | null): string {
  if (subject.mustChangePassword) return PASSWORD_CHANGE_PATH;
  if (isSafeRedirect(redirect)) {
    const decision = decideNavigation(redirect, { subject });
    if (decision.kind === 'allow' && redirect.split(/[?#]/)[0] !== '/') return redirect;
  }
  if (hasFlightService(subject)) return '/flight/booking';
  if (hasFinanceAccess(subject)) return '/bills/statements';
  if (hasTrainService(subject) && decideNavigation('/train/booking', { subject }).kind === 'allow') {
    return '/train/booking';
  }
  return '/profile';
}

export interface SiteNames {
  name?: string;
  shortName: string;
  chineseName?: string;
  chineseShortName: string;
  traditionalName?: string;
  traditionalShortName?: string;
}

/**
 * The site's name in `locale`: English for en, the Chinese name for zh-cn, the traditional name for
 * zh-tw (falling back to the Chinese, then the English one). `short` picks the short names.
 */
export function siteName(site: SiteNames, locale: Locale, short = true): string {
  const english = short ? site.shortName : (site.name ?? site.shortName);
  if (locale === 'en') return english;
  const chinese = (short ? site.chineseShortName : site.chineseName) || english;
  if (locale === 'zh-cn') return chinese;
  return (short ? site.traditionalShortName : site.traditionalName) || chinese;
}

/**
 * The document title: the route's title key when it has one, otherwise the site short name,
 * English for en and Chinese for the two Chinese locales.
 */
export function pageTitle(
  pathname: string,
  locale: Locale,
  site: SiteNames,
  translate: (key: string) => string,
): string {
  const name = siteName(site, locale);
  const titleKey = matchRoute(pathname)?.route.titleKey;
  return titleKey ? `${translate(titleKey)} - ${name}` : name;
}
