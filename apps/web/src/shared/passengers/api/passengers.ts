import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FrequentPassenger,
  FrequentPassengerBody,
  UpdateFrequentPassengerBody,
} from '@portal/domain/frequent-passengers';
import { MAX_FREQUENT_PASSENGERS } from '@portal/domain/limits';
import type * as passengersApi from '@portal/domain/api/passengers';
import type { DocumentReading } from '@portal/domain/document-reading';
import { callApi } from '../../api/call-api';

/** The query key prefix of every often-used passenger list (the booking picker's and the profile's). */
export const FREQUENT_PASSENGERS_KEY = ['often-used-passengers'] as const;

export interface FrequentPassengerPage {
  list: FrequentPassenger[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /base/v2/often-used-passengers: the user's often-used passengers matching `keyword`. */
export function listFrequentPassengers(keyword: string): Promise<FrequentPassengerPage> {
  return callApi<typeof passengersApi.listFrequentPassengers>(
    { method: 'GET', path: '/base/v2/often-used-passengers' },
    {
      query: { keyword: keyword || undefined, page: 1, pageSize: 20 },
    },
  );
}

/** POST /base/v2/often-used-passengers. */
export function saveFrequentPassenger(body: FrequentPassengerBody): Promise<FrequentPassenger> {
  return callApi<typeof passengersApi.createFrequentPassenger>(
    { method: 'POST', path: '/base/v2/often-used-passengers' },
    { body },
    { skipErrorToast: true },
  );
}

/** PUT /base/v2/often-used-passengers/{id}: the given fields replace the saved ones. */
export function updateFrequentPassenger(
  id: string,
  body: UpdateFrequentPassengerBody,
): Promise<FrequentPassenger> {
  return callApi<typeof passengersApi.updateFrequentPassenger>(
    { method: 'PUT', path: '/base/v2/often-used-passengers/:id' },
    { params: { id }, body },
    { skipErrorToast: true },
  );
}

/** DELETE /base/v2/often-used-passengers/{id}. */
export function deleteFrequentPassenger(id: string): Promise<unknown> {
  return callApi<typeof passengersApi.deleteFrequentPassenger>(
    { method: 'DELETE', path: '/base/v2/often-used-passengers/:id' },
    { params: { id } },
  );
}

/** Every often-used passenger of the user: at most `MAX_FREQUENT_PASSENGERS`, so one page. */
export function useAllFrequentPassengers() {
  return useQuery({
    // An object, so that no keyword of the picker (`[prefix, keyword]`) shares this entry.
    queryKey: [...FREQUENT_PASSENGERS_KEY, { all: true }],
    queryFn: () =>
      callApi<typeof passengersApi.listFrequentPassengers>(
        { method: 'GET', path: '/base/v2/often-used-passengers' },
        { query: { page: 1, pageSize: MAX_FREQUENT_PASSENGERS } },
        { skipErrorToast: true },
      ),
  });
}

/**
 * Saves an often-used passenger (`id` given: updates it). Afterwards, success or not (another tab
 * may have filled the last place), every list refreshes, the booking page's picker too.
 */
export function useSaveFrequentPassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FrequentPassengerBody }) =>
      id === undefined ? saveFrequentPassenger(body) : updateFrequentPassenger(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FREQUENT_PASSENGERS_KEY }),
  });
}

/** Deletes an often-used passenger; every list refreshes afterwards. */
export function useDeleteFrequentPassenger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFrequentPassenger,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FREQUENT_PASSENGERS_KEY }),
  });
}

/** What the passport reader returns (`POST /base/v2/analysis/document`). */
export type DocumentAnalysis = DocumentReading;

/** Reads a passport image; 422 / 700005 when it cannot (the caller says so). */
export function analyzeDocument(file: File): Promise<DocumentAnalysis> {
  const body = new FormData();
  body.append('file', file);
  return callApi<typeof passengersApi.analyzeDocument>(
    { method: 'POST', path: '/base/v2/analysis/document' },
    { body },
    { skipErrorToast: true },
  );
}
