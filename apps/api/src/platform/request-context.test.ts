import { describe, expect, it } from 'vitest';
import type { CompanyInfo } from '@portal/domain/auth';
import { accessSubject, isApiPath, isPlatformApiPath } from './request-context';

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

describe('isApiPath', () => {
  it('takes the API prefixes, their bare names, the platform API and the health checks, query or not', () => {
    for (const url of [
      '/base/v2/login',
      '/order/v2/flight/orders?page=2&count=false',
      '/shopping/v2/search',
      '/public/v2/x',
      '/base',
      '/order?x=1',
      '/platform/v2/agencies',
      '/platform/v2',
      '/healthz',
      '/readyz?probe=1',
    ]) {
      expect(isApiPath(url), url).toBe(true);
    }
    for (const url of [
      '/',
      '/flight/orders',
      '/platform',
      '/platform/agencies',
      '/assets/app.js',
      '/basement',
      '/x?/base/',
    ]) {
      expect(isApiPath(url), url).toBe(false);
    }
    expect(isPlatformApiPath('/platform/v2?x=1')).toBe(true);
    expect(isPlatformApiPath('/platform/agencies')).toBe(false);
  });
});
