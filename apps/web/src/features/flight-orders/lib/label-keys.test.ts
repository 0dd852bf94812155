import { describe, expect, it } from 'vitest';
import { FLIGHT_ORDER_STATUSES, statusLabelKey } from '@portal/domain/flight-order-status';
import { PENDING_GROUPS, STATUS_TABS } from '@portal/domain/flight-order-tabs';
import { LOCALES } from '@portal/domain/locale';
import { buildMessages, flattenKeys } from '../../../shared/i18n/resources';

const LABEL_KEYS = [
  ...FLIGHT_ORDER_STATUSES.map(statusLabelKey),
  ...STATUS_TABS.map((tab) => tab.labelKey),
  ...PENDING_GROUPS.map((group) => group.labelKey),
];

describe('flight order label keys of the domain', () => {
  it.each(LOCALES)('are all translated in %s', (locale) => {
    const messages = flattenKeys(buildMessages(locale));
    expect(LABEL_KEYS.filter((key) => !messages.has(key))).toEqual([]);
  });
});
