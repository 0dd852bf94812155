import { describe, expect, it } from 'vitest';
import { SESSIONS } from '../test/fixtures';
import { subjectFromSession } from '../shared/stores/subject';
import { BOOKINGS_ENTRIES, hasPendingGroup, selectedKey, TOP_MENU, visibleEntries } from './menu-items';

describe('selectedKey', () => {
  it('selects the pending group entry whose search params the URL carries', () => {
    expect(selectedKey(BOOKINGS_ENTRIES, '/flight/orders', '?group=to_be_paid')).toBe('pending-to_be_paid');
    expect(selectedKey(BOOKINGS_ENTRIES, '/flight/orders', '?type=refund&group=pending-confirm&page=2')).toBe(
      'pending-pending-confirm',
    );
  });

  it('selects the plain entry without a group, or with one no entry names', () => {
    expect(selectedKey(BOOKINGS_ENTRIES, '/flight/orders')).toBe('flight-orders');
    expect(selectedKey(BOOKINGS_ENTRIES, '/flight/orders', '?status=reviewing')).toBe('flight-orders');
    expect(selectedKey(BOOKINGS_ENTRIES, '/flight/orders', '?group=nope')).toBe('flight-orders');
    expect(selectedKey(BOOKINGS_ENTRIES, '/flight/orders/o1')).toBe('flight-orders');
  });

  it('still prefers the longest path', () => {
    expect(selectedKey(BOOKINGS_ENTRIES, '/flight/orders/disruptions', '?group=to_be_paid')).toBe(
      'flight-disruptions',
    );
  });
});

describe('pending flight order group', () => {
  it('lists the five pending groups under My Bookings, each linking to the filtered list', () => {
    const group = BOOKINGS_ENTRIES.find((entry) => entry.key === 'pending-flight-orders');
    expect(group?.children?.map((entry) => [entry.path, entry.search])).toEqual([
      ['/flight/orders', 'group=to_be_paid'],
      ['/flight/orders', 'group=reviewing'],
      ['/flight/orders', 'group=proceeding'],
      ['/flight/orders', 'group=pending-confirm'],
      ['/flight/orders', 'group=refunding'],
    ]);
  });

  it('is kept for flight users and dropped when the flight service is off', () => {
    const operator = subjectFromSession(SESSIONS.operator);
    const trainop = subjectFromSession(SESSIONS.trainop);
    expect(hasPendingGroup(visibleEntries(BOOKINGS_ENTRIES, operator))).toBe(true);
    expect(hasPendingGroup(visibleEntries(TOP_MENU, operator))).toBe(true);
    expect(hasPendingGroup(visibleEntries(BOOKINGS_ENTRIES, trainop))).toBe(false);
    expect(hasPendingGroup(visibleEntries(TOP_MENU, trainop))).toBe(false);
    expect(hasPendingGroup(visibleEntries(BOOKINGS_ENTRIES, null))).toBe(false);
  });
});
