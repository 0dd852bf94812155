import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedUser,
  CreateUserInput,
  ManagedUser,
  PasswordResetResult,
  UpdateUserBody,
  UserList,
} from '@portal/domain/users';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../shared/api/client';

export const USERS_KEY = ['agency-users'] as const;
export const USERS_PAGE_SIZE = 20;

/** The list's filters as the page holds them. */
export interface UserFilters {
  keyword?: string;
  role?: string;
  status?: string;
}

/** GET /base/v2/users: one page of the agency's users. */
export function listUsers(filters: UserFilters, page: number): Promise<UserList> {
  return apiGet<UserList>('/base/v2/users', {
    params: { ...filters, page, pageSize: USERS_PAGE_SIZE },
    skipErrorToast: true,
  });
}

/** One page of the agency's users; the previous page stays on screen while the next loads. */
export function useUsers(filters: UserFilters, page: number) {
  return useQuery({
    queryKey: [...USERS_KEY, filters, page],
    queryFn: () => listUsers(filters, page),
    placeholderData: keepPreviousData,
  });
}

/** Adds (no `id`) or edits a user; the list refreshes afterwards. Errors are shown by the form. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { id: number; body: UpdateUserBody } | { id?: undefined; body: CreateUserInput },
    ): Promise<CreatedUser | ManagedUser> =>
      input.id === undefined
        ? apiPost<CreatedUser>('/base/v2/users', input.body, { skipErrorToast: true })
        : apiPut<ManagedUser>(`/base/v2/users/${input.id}`, input.body, { skipErrorToast: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/** POST /base/v2/users/{id}/password: a temporary password, shown once. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: number) => apiPost<PasswordResetResult>(`/base/v2/users/${id}/password`),
  });
}

/** DELETE /base/v2/users/{id}; the list refreshes afterwards. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<unknown>(`/base/v2/users/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
