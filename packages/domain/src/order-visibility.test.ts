import { describe, expect, it } from 'vitest';
import { canSeeOrder, onlyOwnOrders, type OrderViewer } from './order-visibility';

const viewer = (onlyShowOwnOrders?: boolean): OrderViewer => ({
  agency: { id: 7, commonConfig: { onlyShowOwnOrders } },
  user: { id: 42 },
});

describe('order visibility (spec §6 only show own orders)', () => {
  it('limits a user to their own orders only when the agency says so', () => {
    expect(onlyOwnOrders(viewer())).toBe(false);
    expect(onlyOwnOrders(viewer(false))).toBe(false);
    expect(onlyOwnOrders(viewer(true))).toBe(true);
  });

  it("never shows another agency's order", () => {
    expect(canSeeOrder(viewer(), { agencyId: 8, userId: 42 })).toBe(false);
    expect(canSeeOrder(viewer(true), { agencyId: 8, userId: 42 })).toBe(false);
  });

  it("shows a colleague's order unless the agency shows only own orders", () => {
    expect(canSeeOrder(viewer(), { agencyId: 7, userId: 1 })).toBe(true);
    expect(canSeeOrder(viewer(true), { agencyId: 7, userId: 1 })).toBe(false);
    expect(canSeeOrder(viewer(true), { agencyId: 7, userId: 42 })).toBe(true);
    expect(canSeeOrder(viewer(true), { agencyId: 7, userId: null })).toBe(false);
  });
});
