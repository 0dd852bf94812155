import type { SubAgency } from '@portal/domain/agencies';

/** A CNY sub-agency directly below agency 1, enabled, with its SuperUser; `over` changes any field. */
export function makeAgency(id: number, name: string, over: Partial<SubAgency> = {}): SubAgency {
  return {
    id,
    name,
    alias: null,
    partnerCode: `K7M3QX${id % 10}B`,
    enabled: true,
    parentId: 1,
    proxyLevel: 1,
    advisor: null,
    contactName: 'Lin',
    email: `${id}@example.com`,
    phone: null,
    allowedDomains: [],
    extraInfo: null,
    logo: null,
    canCreateSubAgency: false,
    wallet: {
      currency: 'CNY',
      balance: { amount: '12345.60', currency: 'CNY' },
      creditLimit: { amount: '5000.00', currency: 'CNY' },
      available: { amount: '17345.60', currency: 'CNY' },
    },
    childrenCount: 0,
    superAdmin: { id: id * 10, username: `admin${id}` },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
