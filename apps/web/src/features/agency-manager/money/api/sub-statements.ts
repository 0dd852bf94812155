import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubStatementDetail, SubStatementList, SubStatementQuery } from '@portal/domain/sub-agencies';
import type * as subAgenciesApi from '@portal/domain/api/sub-agencies';
import { callApi } from '../../../../shared/api/call-api';
import { downloadFile } from '../../../../shared/api/download';

/** The statement filters without paging: what an export is asked for. */
export type SubStatementFilters = Omit<SubStatementQuery, 'page' | 'pageSize'>;

/** GET /base/v2/sub/statements: a page of statements, a row per sub-agency and currency. */
export function getSubStatements(query: SubStatementQuery): Promise<SubStatementList> {
  return callApi<typeof subAgenciesApi.listSubStatements>(
    { method: 'GET', path: '/base/v2/sub/statements' },
    { query },
    { skipErrorToast: true },
  );
}

/** The statements of `query`; the previous rows stay on screen while new ones load. */
export function useSubStatements(query: SubStatementQuery) {
  return useQuery({
    queryKey: ['sub-statements', query],
    queryFn: () => getSubStatements(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /base/v2/sub/statements/{agencyId}/{month}: that month per currency and per day. */
export function getSubStatementDetail(agencyId: number, month: string): Promise<SubStatementDetail> {
  return callApi<typeof subAgenciesApi.getSubStatement>(
    { method: 'GET', path: '/base/v2/sub/statements/:a/:b' },
    { params: { a: agencyId, b: month } },
    { skipErrorToast: true },
  );
}

/** One sub-agency's month; asks nothing until `target` is set (the detail drawer is open). */
export function useSubStatementDetail(target: { agencyId: number; month: string } | null) {
  return useQuery({
    queryKey: ['sub-statement-detail', target],
    queryFn: () => (target ? getSubStatementDetail(target.agencyId, target.month) : Promise.reject()),
    enabled: target !== null,
  });
}

/** POST /base/v2/sub/statements: the statements of `filters` as an .xlsx download. */
export function exportSubStatements(filters: SubStatementFilters): Promise<string> {
  return downloadFile<typeof subAgenciesApi.exportSubStatements>(
    { method: 'POST', path: '/base/v2/sub/statements' },
    { body: filters },
    {
      fallbackName: 'sub-agency-statements.xlsx',
      skipErrorToast: true,
    },
  );
}
