import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupPassengerList } from '@portal/domain/group-passenger-list';
import type * as groupOrdersApi from '@portal/domain/api/group-orders';
import { callApi } from '../../../shared/api/call-api';
import { downloadFile } from '../../../shared/api/download';

/** The group orders' query prefix: a change of the list refreshes the order too. */
const GROUP_KEY = 'group-orders';

/** GET .../passengers: the list, its state and what it allows next. */
export function useGroupPassengerList(orderId: string) {
  return useQuery({
    queryKey: [GROUP_KEY, 'passengers', orderId],
    queryFn: (): Promise<GroupPassengerList> =>
      callApi<typeof groupOrdersApi.getPassengerList>(
        { method: 'GET', path: '/order/v2/group/orders/:id/passengers' },
        { params: { id: orderId } },
        { skipErrorToast: true },
      ),
  });
}

/** GET .../passengers/template: saves the .xlsx template (headers in the user's language). */
export function downloadPassengerTemplate(orderId: string): Promise<string> {
  return downloadFile<typeof groupOrdersApi.downloadPassengerTemplate>(
    { method: 'GET', path: '/order/v2/group/orders/:id/passengers/template' },
    { params: { id: orderId } },
    { fallbackName: 'group-passengers.xlsx' },
  );
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
      return callApi<typeof groupOrdersApi.uploadPassengerList>(
        { method: 'POST', path: '/order/v2/group/orders/:id/passengers' },
        { params: { id: orderId }, body: form },
        { skipErrorToast: true },
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [GROUP_KEY] }),
  });
}

/** POST .../passengers/confirmation: locks the list (spec §4). */
export function useConfirmPassengerList(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi<typeof groupOrdersApi.confirmPassengerList>(
        { method: 'POST', path: '/order/v2/group/orders/:id/passengers/confirmation' },
        { params: { id: orderId } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: [GROUP_KEY] }),
  });
}
