import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyProfile, UpdateCompanyBody } from '@portal/domain/company';
import type * as companyApi from '@portal/domain/api/company';
import { callApi } from '../../../shared/api/call-api';

const KEY = ['company'];

/** GET /base/v2/company: the caller's own agency profile. */
export function getCompany(): Promise<CompanyProfile> {
  return callApi<typeof companyApi.getCompany>(
    { method: 'GET', path: '/base/v2/company' },
    {},
    { skipErrorToast: true },
  );
}

/** PUT /base/v2/company: the SuperUser replaces the profile; answers it as it now is. */
export function updateCompany(body: UpdateCompanyBody): Promise<CompanyProfile> {
  return callApi<typeof companyApi.updateCompany>({ method: 'PUT', path: '/base/v2/company' }, { body });
}

/** The agency profile; the page shows loading and errors itself. */
export function useCompany() {
  return useQuery({ queryKey: KEY, queryFn: getCompany });
}

/** Saves the profile and keeps the cached one in step with the answer. */
export function useUpdateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => client.setQueryData(KEY, company),
  });
}
