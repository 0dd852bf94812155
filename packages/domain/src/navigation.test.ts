import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  isSafeRedirect,
  landingPath,
  MAX_REDIRECT_LENGTH,
  pageTitle,
  siteName,
} from './navigation';
import type { AccessSubject, CompanyAccess } from './roles';
import { ROUTES } from './routes';
import { isPlatformAccess } from './access';

const topLevel: CompanyAccess = {
  proxyLevel: 0,
  enableFlightService: true,
  enableTrainService: true,
  isShowBill: false,
  canCreateSubAgency: true,
};
const subAgency: CompanyAccess = { ...topLevel, proxyLevel: 1, isShowBill: false, canCreateSubAgency: false };
const trainOnly: CompanyAccess = { ...topLevel, enableFlightService: false, canCreateSubAgency: false };
const nothingOn: CompanyAccess = { ...topLevel, enableFlightService: false, enableTrainService: false };

function user(roles: string[], company: CompanyAccess = topLevel, permissions: string[] = []): AccessSubject {
  return { roles, company, permissions };
}
const admin = user(['SuperUser']);
const operator = user(['operator']);
const finance = user(['finance']);

describe('decideNavigation: public paths and login (spec §2)', () => {
  it.each(['/', '/terms', '/privacy', '/profile'])('lets a visitor without a session open %s', (path) => {
    expect(decideNavigation(path, { subject: null })).toMatchObject({ kind: 'allow' });
  });

  // Agency pages; the platform's send a visitor to the platform sign-in (below).
  const privatePaths = ROUTES.filter((r) => !r.public && !isPlatformAccess(r.access)).map((r) =>
    r.path.replace(':id', '42'),
  );
  it.each(privatePaths)('sends a visitor without a session from %s to / with router.login', (path) => {
    expect(decideNavigation(path, { subject: null })).toEqual({
      kind: 'redirect',
      to: '/',
      message: 'router.login',
    });
  });

  it('answers notFound for a path outside the route table', () => {
    expect(decideNavigation('/no/such/page', { subject: admin })).toEqual({ kind: 'notFound' });
  });

  it('matches :id routes and passes the parameter, ignoring query and trailing slash', () => {
    expect(decideNavigation('/flight/orders/B123?tab=1', { subject: operator })).toMatchObject({
      kind: 'allow',
      params: { id: 'B123' },
    });
    expect(decideNavigation('/flight/orders/voyage/', { subject: operator })).toMatchObject({
      kind: 'allow',
      route: { path: '/flight/orders/voyage' },
    });
  });
});

describe('decideNavigation: roles, services and company conditions (spec §2, §6)', () => {
  const notRole = { kind: 'redirect', to: '/', message: 'router.notRole' };
  it.each([
    // [who, path, allowed]
    ['operator', operator, '/flight/booking', true],
    ['operator', operator, '/flight/group/order/7', true],
    ['operator', operator, '/bills/wallet', false],
    ['operator', operator, '/user-log', false],
    ['operator', operator, '/company', false],
    ['operator', operator, '/users', true],
    ['operator', operator, '/train/booking', true],
    ['operator', operator, '/train/orders', true],
    ['finance', finance, '/flight/booking', false],
    ['finance', finance, '/train/booking', false],
    ['finance', finance, '/train/orders', true],
    ['finance', finance, '/bills/wallet', true],
    ['finance', finance, '/bills/statements', true],
    ['finance', finance, '/agency-manager', true],
    ['finance of a sub-agency without isShowBill', user(['finance'], subAgency), '/bills/wallet', false],
    [
      'finance of a sub-agency with isShowBill',
      user(['finance'], { ...subAgency, isShowBill: true }),
      '/bills/wallet',
      true,
    ],
    [
      'finance of a sub-agency',
      user(['finance'], { ...subAgency, isShowBill: true }),
      '/agency-manager',
      false,
    ],
    ['SuperUser', admin, '/user-log', true],
    ['SuperUser', admin, '/company', true],
    ['SuperUser', admin, '/bills/transactions', true],
    ['SuperUser', admin, '/agency-manager/statements', true],
    ['SuperUser without flight service', user(['SuperUser'], trainOnly), '/flight/booking', false],
    ['SuperUser without flight service', user(['SuperUser'], trainOnly), '/flight/orders', false],
    ['SuperUser without train service', user(['SuperUser'], nothingOn), '/train/orders', false],
    ['operator without train service', user(['operator'], nothingOn), '/train/booking', false],
    ['operator without flight service', user(['operator'], trainOnly), '/train/booking', true],
    [
      'finance with agencybills:read',
      user(['finance'], topLevel, ['agencybills:read']),
      '/agency-manager/bills/3',
      true,
    ],
    [
      'finance without agencybills:read',
      user(['finance'], topLevel, ['bills:read']),
      '/agency-manager/bills/3',
      false,
    ],
    [
      'finance with an empty permission list',
      user(['finance'], topLevel, []),
      '/agency-manager/bills/3',
      true,
    ],
    ['finance with permission all', user(['finance'], topLevel, ['all']), '/agency-manager/bills/3', true],
    ['a user with no roles', user([]), '/users', true],
    ['a user with no roles', user([]), '/flight/orders', false],
  ] as const)('%s on %s -> %s', (_who, subject, path, allowed) => {
    const decision = decideNavigation(path, { subject });
    if (allowed) expect(decision.kind).toBe('allow');
    else expect(decision).toEqual(notRole);
  });

  it('SuperUser of a company with every flag on enters every agency route', () => {
    const everything = user(['SuperUser'], { ...topLevel, isShowBill: true }, []);
    // The platform's pages are for platform admins only (their own describe below).
    for (const route of ROUTES.filter((r) => !isPlatformAccess(r.access))) {
      expect(decideNavigation(route.path.replace(':id', '1'), { subject: everything }).kind).toBe('allow');
    }
  });

  it('sends a partner-embedded user on / to /flight/booking, but not a visitor without a session', () => {
    expect(decideNavigation('/', { subject: operator, embedded: true })).toEqual({
      kind: 'redirect',
      to: '/flight/booking',
    });
    expect(decideNavigation('/', { subject: null, embedded: true }).kind).toBe('allow');
    expect(decideNavigation('/', { subject: operator, embedded: false }).kind).toBe('allow');
  });
});

describe('landingPath (spec §2)', () => {
  it.each([
    ['SuperUser of a top-level agency', admin, '/flight/booking'],
    ['operator with flight service', operator, '/flight/booking'],
    ['finance of a top-level agency', finance, '/bills/statements'],
    ['operator of a train-only agency', user(['operator'], trainOnly), '/train/booking'],
    ['finance of a sub-agency without bills, train on', user(['finance'], subAgency), '/profile'],
    [
      'finance and operator of a train-only agency',
      user(['finance', 'operator'], trainOnly),
      '/bills/statements',
    ],
    ['operator with no service at all', user(['operator'], nothingOn), '/profile'],
    ['user with no roles', user([], nothingOn), '/profile'],
  ] as const)('%s lands on %s', (_who, subject, expected) => {
    expect(landingPath(subject)).toBe(expected);
  });

  it('lets a requested redirect target override the landing page', () => {
    expect(landingPath(operator, '/flight/orders?status=to_be_paid')).toBe(
      '/flight/orders?status=to_be_paid',
    );
    expect(landingPath(finance, '/users')).toBe('/users');
  });

  it('ignores a redirect target the user may not enter, an outside URL or /', () => {
    expect(landingPath(operator, '/bills/wallet')).toBe('/flight/booking');
    expect(landingPath(operator, '//evil.example.com')).toBe('/flight/booking');
    expect(landingPath(operator, 'https://evil.example.com')).toBe('/flight/booking');
    expect(landingPath(operator, '/')).toBe('/flight/booking');
    expect(landingPath(operator, '/nowhere')).toBe('/flight/booking');
    expect(landingPath(operator, '/\\evil.example/x')).toBe('/flight/booking');
    expect(landingPath(operator, '/\t/evil.example/flight/orders')).toBe('/flight/booking');
  });
});

describe('a user signed in with a temporary password', () => {
  const temporary: AccessSubject = { ...admin, mustChangePassword: true };

  it('reaches only the account page, told to set their own password', () => {
    for (const path of ['/flight/booking', '/users', '/bills/wallet', '/agency-manager']) {
      expect(decideNavigation(path, { subject: temporary })).toEqual({
        kind: 'redirect',
        to: '/profile',
        message: 'profile.password.changeRequired',
      });
    }
    expect(decideNavigation('/profile', { subject: temporary }).kind).toBe('allow');
    expect(decideNavigation('/terms', { subject: temporary }).kind).toBe('allow');
  });

  it('lands on the account page whatever the redirect asked', () => {
    expect(landingPath(temporary, '/bills/wallet')).toBe('/profile');
    expect(landingPath(admin, '/bills/wallet')).toBe('/bills/wallet');
  });
});

describe('isSafeRedirect', () => {
  it.each([
    '/flight/orders/1',
    '/flight/orders?status=to_be_paid#top',
    '/a/b%2F%2Fc',
    '/bills/wallet?contact=John Smith',
  ])('accepts the in-app path %s', (target) => {
    expect(isSafeRedirect(target)).toBe(true);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a plain http URL', 'http://evil.example'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash after the slash', '/\\evil.example/x'],
    ['a backslash anywhere', '/flight\\..\\evil'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline that browsers drop', '/\n/evil.example'],
    ['a carriage return', '/x\r'],
    ['NUL', '/x\u0000'],
    ['DEL', '/x\u007f'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'flight/orders'],
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
    ['a path over the length limit', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
  ])('refuses %s', (_what, target) => {
    expect(isSafeRedirect(target)).toBe(false);
  });
});

describe('pageTitle', () => {
  const site = { shortName: 'TravelPro', chineseShortName: '差旅通' };
  const t = (key: string) => `T(${key})`;
  it('uses the route title key with the site short name', () => {
    expect(pageTitle('/flight/booking', 'en', site, t)).toBe('T(router.flightBooking) - TravelPro');
    expect(pageTitle('/flight/orders/9', 'zh-cn', site, t)).toBe('T(router.flightOrderDetail) - 差旅通');
  });
  it('falls back to the site short name by locale', () => {
    expect(pageTitle('/', 'en', site, t)).toBe('TravelPro');
    expect(pageTitle('/', 'zh-tw', site, t)).toBe('差旅通');
    expect(pageTitle('/unknown', 'zh-cn', site, t)).toBe('差旅通');
  });
  it('uses the traditional names in zh-tw when the site has them', () => {
    const full = {
      name: 'TravelPro B2B',
      shortName: 'TravelPro',
      chineseName: '差旅通平台',
      chineseShortName: '差旅通',
      traditionalName: '差旅通平臺',
      traditionalShortName: '差旅通TW',
    };
    expect(pageTitle('/', 'zh-tw', full, t)).toBe('差旅通TW');
    expect(siteName(full, 'zh-tw', false)).toBe('差旅通平臺');
    expect(siteName(full, 'zh-cn', false)).toBe('差旅通平台');
    expect(siteName(full, 'en', false)).toBe('TravelPro B2B');
    expect(siteName({ shortName: 'TravelPro', chineseShortName: '' }, 'zh-tw')).toBe('TravelPro');
  });
});

describe('decideNavigation: the platform back office', () => {
  const platformPaths = ROUTES.filter((r) => isPlatformAccess(r.access)).map((r) =>
    r.path.replace(':id', '42'),
  );

  it('has platform pages, each in the platform layout under /platform', () => {
    expect(platformPaths).toContain('/platform/audit');
    for (const route of ROUTES.filter((r) => r.path.startsWith('/platform'))) {
      expect(route.layout).toBe('platform');
    }
  });

  it('lets anyone open the platform sign-in', () => {
    expect(decideNavigation('/platform', { subject: null })).toMatchObject({ kind: 'allow' });
  });

  it.each(platformPaths)(
    'sends a visitor without a platform session from %s to the platform sign-in',
    (path) => {
      const decision = { kind: 'redirect', to: '/platform', message: 'router.login' };
      expect(decideNavigation(path, { subject: null })).toEqual(decision);
      // An agency session, even a SuperUser's, never counts.
      expect(decideNavigation(path, { subject: admin, platform: null })).toEqual(decision);
    },
  );

  it('lets a platform admin in by their permissions, and never into an agency page', () => {
    const support = { permissions: ['platform:support'] };
    expect(decideNavigation('/platform/audit', { subject: null, platform: support })).toMatchObject({
      kind: 'allow',
    });
    expect(decideNavigation('/flight/orders', { subject: null, platform: support })).toEqual({
      kind: 'redirect',
      to: '/',
      message: 'router.login',
    });
  });
});
