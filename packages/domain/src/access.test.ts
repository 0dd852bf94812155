import { describe, expect, it } from 'vitest';
import {
  allows,
  allowsPlatform,
  isPlatformAccess,
  isRouteAccess,
  PLATFORM_ACCESS,
  ROUTE_ACCESS,
  ROUTE_ACCESS_MEANING,
  type RouteAccess,
} from './access';
import type { AccessSubject, CompanyAccess } from './roles';

const TOP: CompanyAccess = {
  proxyLevel: 0,
  enableFlightService: true,
  enableTrainService: false,
  isShowBill: false,
  canCreateSubAgency: true,
};
const SUB: CompanyAccess = { ...TOP, proxyLevel: 1, canCreateSubAgency: false };

function subject(roles: string[], company: Partial<CompanyAccess> = {}, permissions: string[] = []) {
  return { roles, permissions, company: { ...TOP, ...company } } satisfies AccessSubject;
}

/** Who passes each access name, by identity. */
const IDENTITIES: Record<string, AccessSubject> = {
  superuser: subject(['SuperUser']),
  operator: subject(['operator']),
  finance: subject(['finance']),
  subSuperuser: subject(['SuperUser'], SUB),
  subFinance: subject(['finance'], SUB),
  subFinanceShowBill: subject(['finance'], { ...SUB, isShowBill: true }),
  topNoSubAgencies: subject(['SuperUser'], { canCreateSubAgency: false }),
  operatorOrdersOnly: subject(['operator'], {}, ['orders:read']),
  trainOperator: subject(['operator'], { enableTrainService: true }),
  trainFinance: subject(['finance'], { enableTrainService: true }),
  trainSuperuser: subject(['SuperUser'], { enableTrainService: true }),
};

const TICKET = [
  'superuser',
  'operator',
  'subSuperuser',
  'topNoSubAgencies',
  'operatorOrdersOnly',
  'trainOperator',
  'trainSuperuser',
];

const EXPECTED: Record<RouteAccess, string[]> = {
  public: Object.keys(IDENTITIES),
  session: Object.keys(IDENTITIES),
  ticket: TICKET,
  // Every identity's company has the flight service on and shows PNR booking.
  flight: TICKET,
  flightPnr: TICKET,
  finance: [
    'superuser',
    'finance',
    'subFinanceShowBill',
    'topNoSubAgencies',
    'trainFinance',
    'trainSuperuser',
  ],
  agencyManager: ['superuser', 'finance', 'trainFinance', 'trainSuperuser'],
  agencyAdmin: ['superuser', 'trainSuperuser'],
  // An empty permission list grants every permission (spec §6).
  agencyBills: ['superuser', 'operator', 'finance', 'trainOperator', 'trainFinance', 'trainSuperuser'],
  superuser: ['superuser', 'subSuperuser', 'topNoSubAgencies', 'trainSuperuser'],
  train: ['trainOperator', 'trainFinance', 'trainSuperuser'],
  // A finance user of an agency with trains sees train orders but books nothing (spec §2).
  trainBooking: ['trainOperator', 'trainSuperuser'],
  // The back office: no agency user, whatever their roles.
  platform: [],
  platformFinance: [],
  platformSupport: [],
};

describe('route access (spec §6)', () => {
  it.each(ROUTE_ACCESS)('%s admits exactly the expected identities', (access) => {
    const admitted = Object.entries(IDENTITIES)
      .filter(([, s]) => allows(access, s))
      .map(([name]) => name);
    expect(admitted.sort()).toEqual([...EXPECTED[access]].sort());
  });

  it('agencyBills needs agencybills:read when the user has a permission list', () => {
    expect(allows('agencyBills', subject(['finance'], {}, ['agencybills:read']))).toBe(true);
    expect(allows('agencyBills', subject(['finance'], {}, ['all']))).toBe(true);
    expect(allows('agencyBills', subject(['finance'], {}, ['orders:read']))).toBe(false);
    expect(allows('agencyBills', subject(['finance'], SUB, ['agencybills:read']))).toBe(false);
  });

  it('flight needs the company flight service; flightPnr also PNR booking not hidden', () => {
    const noFlights = subject(['SuperUser'], { enableFlightService: false });
    expect(allows('ticket', noFlights)).toBe(true);
    expect(allows('flight', noFlights)).toBe(false);
    expect(allows('flightPnr', noFlights)).toBe(false);
    const hidden = subject(['operator'], { hidePnrBooking: true });
    expect(allows('flight', hidden)).toBe(true);
    expect(allows('flightPnr', hidden)).toBe(false);
    expect(allows('flight', subject(['finance']))).toBe(false);
  });

  it('describes every name it knows', () => {
    for (const access of ROUTE_ACCESS) expect(ROUTE_ACCESS_MEANING[access]).toMatch(/\.$/);
  });

  it('lets a platform admin pass only public and the platform names their permissions allow', () => {
    const passed = (permissions: string[]) => ROUTE_ACCESS.filter((a) => allowsPlatform(a, permissions));
    expect(passed([])).toEqual(['public', 'platform']);
    expect(passed(['platform:finance'])).toEqual(['public', 'platform', 'platformFinance']);
    expect(passed(['platform:support'])).toEqual(['public', 'platform', 'platformSupport']);
    // Agency roles and permissions mean nothing to the platform check.
    expect(passed(['SuperUser', 'all', 'agencybills:read'])).toEqual(['public', 'platform']);
    expect(PLATFORM_ACCESS.every(isPlatformAccess)).toBe(true);
    expect(isPlatformAccess('session')).toBe(false);
  });

  it('knows its names and nothing else', () => {
    expect(isRouteAccess('finance')).toBe(true);
    expect(isRouteAccess('admin')).toBe(false);
    expect(isRouteAccess(undefined)).toBe(false);
  });
});
