import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupPassengerList } from '@portal/domain/group-passenger-list';
import { apiGet, apiPost } from '../../../shared/api/client';
import { download } from '../../../shared/api/download';

/** The group orders' query prefix: a change of the list refreshes the order too. */
const GROUP_KEY = 'group-orders';

const passengersPath = (orderId: string, action = '') =>
  `/order/v2/group/orders/${encodeURIComponent(orderId)}/passengers${action}`;

/** GET .../passengers: the list, its state and what it allows next. */
export function useGroupPassengerList(orderId: string) {
  return useQuery({
    queryKey: [GROUP_KEY, 'passengers', orderId],
    queryFn: () => apiGet<GroupPassengerList>(passengersPath(orderId), { skipErrorToast: true }),
  });
}

/** GET .../passengers/template: saves the .xlsx template (headers in the user's language). */
export function downloadPassengerTemplate(orderId: string): Promise<string> {
  return download(passengersPath(orderId, '/template'), undefined, {
    method: 'get',
    fallbackName: 'group-passengers.xlsx',
  });
}

/**
 * POST .../passengers (multipart): the filled template. A refusal is the caller's to show (the
 * row errors are in the error's `data.errors`).
 */
export function useUploadPassengerList(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return apiPost<GroupPassengerList>(passengersPath(orderId), form, { skipErrorToast: true });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [GROUP_KEY] }),
  });
}

/** POST .../passengers/confirmation: locks the list (spec §4). */
export function useConfirmPassengerList(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<GroupPassengerList>(passengersPath(orderId, '/confirmation')),
    onSettled: () => client.invalidateQueries({ queryKey: [GROUP_KEY] }),
  });
}
