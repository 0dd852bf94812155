import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as suppliersApi from '@portal/domain/api/platform-suppliers';
import type { AgencySuppliersBody } from '@portal/domain/platform-suppliers';
import { callPlatformApi } from '../../../shared/platform/call-platform-api';

const keyOf = (id: number) => ['platform-agency-suppliers', id];

/** GET /platform/v2/agencies/:id/suppliers. */
export function useAgencySuppliers(id: number) {
  return useQuery({
    queryKey: keyOf(id),
    queryFn: () =>
      callPlatformApi<typeof suppliersApi.getAgencySuppliers>(
        { method: 'GET', path: '/platform/v2/agencies/:id/suppliers' },
        { params: { id } },
        { skipErrorToast: true },
      ),
  });
}

/** PUT /platform/v2/agencies/:id/suppliers. */
export function useSaveAgencySuppliers(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencySuppliersBody) =>
      callPlatformApi<typeof suppliersApi.putAgencySuppliers>(
        { method: 'PUT', path: '/platform/v2/agencies/:id/suppliers' },
        { params: { id }, body },
      ),
    onSuccess: (data) => client.setQueryData(keyOf(id), data),
  });
}
