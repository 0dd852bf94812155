import { describe, expect, it } from 'vitest';
import type { SubAgency } from '@portal/domain/agencies';
import { buildRows, parentChoices, parentsToLoad } from './agency-tree';

const money = { amount: '0.00', currency: 'CNY' } as const;
function agency(id: number, parentId: number, over: Partial<SubAgency> = {}): SubAgency {
  return {
    id,
    name: `Agency ${id}`,
    alias: null,
    partnerCode: 'K7M3QX9B',
    enabled: true,
    parentId,
    proxyLevel: 1,
    advisor: null,
    contactName: null,
    email: null,
    phone: null,
    allowedDomains: [],
    extraInfo: null,
    logo: null,
    canCreateSubAgency: false,
    wallet: { currency: 'CNY', balance: money, creditLimit: money, available: money },
    childrenCount: 0,
    superAdmin: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

describe('sub-agency tree', () => {
  const grandchild = agency(30, 20);
  const child = agency(20, 10, { canCreateSubAgency: true, childrenCount: 1 });
  const top = { ...agency(10, 1, { canCreateSubAgency: true, childrenCount: 1 }), children: [child] };
  const other = { ...agency(11, 1, { canCreateSubAgency: true }), children: [] };

  it('nests inline children, leaves unloaded levels openable, and loads levels below the list', () => {
    const rows = buildRows([top, other], new Map());
    expect(rows.map((r) => r.key)).toEqual(['10', '11']);
    expect(rows[0]?.children?.map((r) => r.key)).toEqual(['10/20']);
    expect(rows[0]?.children?.[0]?.children).toEqual([]);
    expect(rows[1]?.children).toBeUndefined();
    expect(parentsToLoad(['10', '10/20'])).toEqual([20]);

    const loaded = buildRows([top], new Map([[20, [grandchild]]]));
    expect(loaded[0]?.children?.[0]?.children?.map((r) => r.key)).toEqual(['10/20/30']);
  });

  it('offers as parents the own agency and those that may have sub-agencies, never the edited one or below it', () => {
    const rows = buildRows([top, other], new Map([[20, [grandchild]]]));
    const own = { id: 1, name: 'Own' };
    expect(parentChoices(own, rows).map((p) => p.id)).toEqual([1, 10, 20, 11]);
    expect(parentChoices(own, rows, { id: 10 }).map((p) => p.id)).toEqual([1, 11]);
  });
});
