import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgencySettings } from '@portal/domain/agency-settings';
import { priceChainKey } from '../../../../shared/agencies/price-chain';
import type * as agencySettingsApi from '@portal/domain/api/agency-settings';
import { callApi } from '../../../../shared/api/call-api';

const settingsKey = (agencyId: number) => ['agency-settings', agencyId] as const;

/** GET /base/v2/agencies/{id}/config: every setting of a direct sub-agency. */
export function getAgencySettings(agencyId: number): Promise<AgencySettings> {
  return callApi<typeof agencySettingsApi.getAgencySettings>(
    { method: 'GET', path: '/base/v2/agencies/:id/config' },
    { params: { id: agencyId } },
    { skipErrorToast: true },
  );
}

/** PUT /base/v2/agencies/{id}/config: replaces the settings; answers them as they now are. */
export function putAgencySettings(agencyId: number, body: AgencySettings): Promise<AgencySettings> {
  return callApi<typeof agencySettingsApi.updateAgencySettings>(
    { method: 'PUT', path: '/base/v2/agencies/:id/config' },
    { params: { id: agencyId }, body },
    { skipErrorToast: true },
  );
}

/** The settings of one sub-agency while `enabled` (the drawer is open); the drawer shows errors. */
export function useAgencySettings(agencyId: number, enabled: boolean) {
  return useQuery({
    queryKey: settingsKey(agencyId),
    queryFn: () => getAgencySettings(agencyId),
    enabled,
    // Always the stored settings when the drawer opens, not an earlier copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Saves the settings; the cached copy and every price chain of the agency follow the answer. */
export function useSaveAgencySettings(agencyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgencySettings) => putAgencySettings(agencyId, body),
    onSuccess: (settings) => {
      client.setQueryData(settingsKey(agencyId), settings);
      void client.invalidateQueries({ queryKey: priceChainKey(agencyId) });
    },
  });
}
