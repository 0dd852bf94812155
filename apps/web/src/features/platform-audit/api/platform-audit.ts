import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlatformAuditAction } from '@portal/domain/platform';
import type { PlatformAuditPage } from '@portal/domain/platform-schemas';
import type { exportPlatformAudit, listPlatformAudit } from '@portal/domain/api/platform-audit';
import { callPlatformApi, downloadPlatformFile } from '../../../shared/platform/call-platform-api';

/** The audit log's filters; absent ones are left out of the request. */
export interface AuditFilterValues {
  action?: PlatformAuditAction;
  admin?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

export interface AuditParams extends AuditFilterValues {
  page: number;
  pageSize: number;
}

/** GET /platform/v2/audit: one page of the platform audit log, newest first. */
export function getPlatformAudit(params: AuditParams): Promise<PlatformAuditPage> {
  return callPlatformApi<typeof listPlatformAudit>(
    { method: 'GET', path: '/platform/v2/audit' },
    { query: params },
    { skipErrorToast: true },
  );
}

export function usePlatformAudit(params: AuditParams) {
  return useQuery({
    queryKey: ['platform-audit', params],
    queryFn: () => getPlatformAudit(params),
    placeholderData: keepPreviousData,
  });
}

/** POST /platform/v2/audit/export: the filtered log as Excel; resolves with the saved file's name. */
export function exportAudit(filters: AuditFilterValues): Promise<string> {
  return downloadPlatformFile<typeof exportPlatformAudit>(
    { method: 'POST', path: '/platform/v2/audit/export' },
    { body: filters },
    { fallbackName: 'platform-audit-log.xlsx', skipErrorToast: true },
  );
}
