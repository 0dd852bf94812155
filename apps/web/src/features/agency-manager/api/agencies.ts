import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type {
  ApiKeyResult,
  CreateAgencyInput,
  CreatedAgency,
  SubAgency,
  UpdateAgencyInput,
} from '@portal/domain/agencies';
import type * as agenciesApi from '@portal/domain/api/agencies';
import { callApi } from '../../../shared/api/call-api';
import { send } from '../../../shared/api/client';

/** Every agency query starts with this key; a write refreshes them all. */
export const AGENCIES_KEY = ['agencies'] as const;
export const AGENCIES_PAGE_SIZE = 20;
/** A deeper level is asked for in one page of the API's largest size. */
const CHILDREN_PAGE_SIZE = 100;

/** GET /base/v2/agencies: one page of the direct sub-agencies (or of the matches of `keyword`). */
export function useAgencies(keyword: string | undefined, page: number) {
  return useQuery({
    queryKey: [...AGENCIES_KEY, 'list', keyword ?? '', page],
    queryFn: () =>
      callApi<typeof agenciesApi.listAgencies>(
        { method: 'GET', path: '/base/v2/agencies' },
        { query: { keyword, page, pageSize: AGENCIES_PAGE_SIZE } },
        { skipErrorToast: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * The sub-agencies of each agency in `parentIds` (levels below those the list answers inline),
 * asked for when their row is opened. Returns what has loaded, by parent id.
 */
export function useChildAgencies(parentIds: readonly number[]) {
  return useQueries({
    queries: parentIds.map((parentId) => ({
      queryKey: [...AGENCIES_KEY, 'children', parentId],
      queryFn: () =>
        callApi<typeof agenciesApi.listAgencies>(
          { method: 'GET', path: '/base/v2/agencies' },
          {
            query: { parentId, page: 1, pageSize: CHILDREN_PAGE_SIZE },
          },
        ),
    })),
    combine: (results) => {
      const loaded = new Map<number, SubAgency[]>();
      results.forEach((result, index) => {
        const parentId = parentIds[index];
        if (result.data && parentId !== undefined) loaded.set(parentId, result.data.list);
      });
      return loaded;
    },
  });
}

export type SaveAgencyInput =
  { id: number; body: UpdateAgencyInput } | { id?: undefined; body: CreateAgencyInput };

/**
 * POST (no `id`) or PUT an agency; the tree refreshes afterwards. Errors are shown by the form.
 * A create carries an `Idempotency-Key`, the same while the body is the same: a retry after a lost
 * answer creates no second agency (its replay has no temporary password, which is never stored).
 */
export function useSaveAgency() {
  const client = useQueryClient();
  const last = useRef<{ text: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (input: SaveAgencyInput): Promise<CreatedAgency | SubAgency> => {
      if (input.id !== undefined) {
        return callApi<typeof agenciesApi.updateAgency>(
          { method: 'PUT', path: '/base/v2/agencies/:id' },
          { params: { id: input.id }, body: input.body },
          { skipErrorToast: true },
        );
      }
      const text = JSON.stringify(input.body);
      if (last.current?.text !== text) last.current = { text, key: crypto.randomUUID() };
      return callApi<typeof agenciesApi.createAgency>(
        { method: 'POST', path: '/base/v2/agencies' },
        { body: input.body },
        { headers: { 'Idempotency-Key': last.current.key }, skipErrorToast: true },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: AGENCIES_KEY }),
  });
}

/** DELETE /base/v2/agencies/{id}; the server's refusal (money, credit, orders, children) is the error. */
export function useDeleteAgency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi<typeof agenciesApi.deleteAgency>(
        { method: 'DELETE', path: '/base/v2/agencies/:id' },
        { params: { id } },
        { skipErrorToast: true },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: AGENCIES_KEY }),
  });
}

/** PUT /base/v2/agencies/{id}/logo (multipart, field `file`); the tree refreshes afterwards. */
export function useUploadAgencyLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callApi<typeof agenciesApi.uploadAgencyLogo>(
        { method: 'PUT', path: '/base/v2/agencies/:id/logo' },
        { params: { id }, body: form },
        { skipErrorToast: true },
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: AGENCIES_KEY }),
  });
}

/** The logo as an object URL (the address needs the session's token, so an <img> cannot load it). */
export function useAgencyLogo(logo: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!logo) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    send('get', logo, undefined, { skipErrorToast: true })
      .then(async (response) => {
        // The image itself, not an envelope.
        const blob = response?.ok ? await response.blob() : null;
        if (!live || !blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        // No preview: the form still offers an upload.
      });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [logo]);
  return url;
}

/** POST /base/v2/agencies/{id}/superuser/password: a temporary password, shown once. */
export function useResetSuperAdminPassword() {
  return useMutation({
    mutationFn: (id: number) =>
      callApi<typeof agenciesApi.resetSuperAdminPassword>(
        { method: 'POST', path: '/base/v2/agencies/:id/superuser/password' },
        { params: { id } },
      ),
  });
}

/** The answer of POST /base/v2/agencies/{id}/apikey: the key itself is shown once. */
export type IssuedApiKey = ApiKeyResult;

/** POST /base/v2/agencies/{id}/apikey: a new key; the previous one stops working. */
export function useRotateApiKey() {
  return useMutation({
    mutationFn: (id: number) =>
      callApi<typeof agenciesApi.issueApiKey>(
        { method: 'POST', path: '/base/v2/agencies/:id/apikey' },
        { params: { id } },
      ),
  });
}
