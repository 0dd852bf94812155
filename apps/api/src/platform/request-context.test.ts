import { describe, expect, it } from 'vitest';
import type { CompanyInfo } from '@portal/domain/auth';
import { accessSubject } from './request-context';

const company: CompanyInfo = {
  id: 7,
  name: 'Blue Sky Travel',
  alias: null,
  logo: null,
  proxyLevel: 1,
  parentId: 3,
  timeZone: 'Asia/Shanghai',
  config: {
    commonConfig: {
      enableFlightService: true,
      enableTrainService: false,
      isShowBill: true,
      canCreateSubAgency: false,
      settlementCurrency: 'CNY',
      hidePnrBooking: false,
      disablePayment: false,
    },
  },
};

describe('accessSubject', () => {
  it('gives the access rules the caller roles, permissions, tree level and company service flags', () => {
    expect(accessSubject({ roles: ['finance'], permissions: ['agencybills:read'], company })).toEqual({
      roles: ['finance'],
      permissions: ['agencybills:read'],
      company: {
        proxyLevel: 1,
        enableFlightService: true,
        enableTrainService: false,
        isShowBill: true,
        canCreateSubAgency: false,
      },
    });
  });
});
