import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as usersApi from '@portal/domain/api/users';
import type {
  CreatedUser,
  CreateUserInput,
  ManagedUser,
  UpdateUserBody,
  UserList,
  UserListQuery,
} from '@portal/domain/users';
import { callApi } from '../../../shared/api/call-api';

export const USERS_KEY = ['agency-users'] as const;
export const USERS_PAGE_SIZE = 20;

/** The list's filters as the page holds them. */
export type UserFilters = Pick<Partial<UserListQuery>, 'keyword' | 'role' | 'status'>;

/** GET /base/v2/users: one page of the agency's users. */
export function listUsers(filters: UserFilters, page: number): Promise<UserList> {
  return callApi<typeof usersApi.listUsers>(
    { method: 'GET', path: '/base/v2/users' },
    { query: { ...filters, page, pageSize: USERS_PAGE_SIZE } },
    { skipErrorToast: true },
  );
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
        ? callApi<typeof usersApi.createUser>(
            { method: 'POST', path: '/base/v2/users' },
            { body: input.body },
            { skipErrorToast: true },
          )
        : callApi<typeof usersApi.updateUser>(
            { method: 'PUT', path: '/base/v2/users/:id' },
            { params: { id: input.id }, body: input.body },
            { skipErrorToast: true },
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/** POST /base/v2/users/{id}/password: a temporary password, shown once. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: number) =>
      callApi<typeof usersApi.resetUserPassword>(
        { method: 'POST', path: '/base/v2/users/:id/password' },
        { params: { id } },
      ),
  });
}

/** DELETE /base/v2/users/{id}; the list refreshes afterwards. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi<typeof usersApi.deleteUser>(
        { method: 'DELETE', path: '/base/v2/users/:id' },
        { params: { id } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
