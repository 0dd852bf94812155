import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberCard, MemberCardBody, UpdateMemberCardBody } from '@portal/domain/frequent-passengers';
import type * as passengersApi from '@portal/domain/api/passengers';
import { callApi } from '../../api/call-api';

export interface MemberCardPage {
  list: MemberCard[];
  total: number;
  page: number;
  pageSize: number;
}

export const MEMBER_CARDS_KEY = ['member-cards'] as const;
export const MEMBER_CARDS_PAGE_SIZE = 20;

/** GET /base/v2/member-cards: one page of the user's airline member cards. */
export function listMemberCards(page: number): Promise<MemberCardPage> {
  return callApi<typeof passengersApi.listMemberCards>(
    { method: 'GET', path: '/base/v2/member-cards' },
    { query: { page, pageSize: MEMBER_CARDS_PAGE_SIZE } },
    { skipErrorToast: true },
  );
}

/** POST /base/v2/member-cards. */
export function createMemberCard(body: MemberCardBody): Promise<MemberCard> {
  return callApi<typeof passengersApi.createMemberCard>(
    { method: 'POST', path: '/base/v2/member-cards' },
    { body },
    { skipErrorToast: true },
  );
}

/** PUT /base/v2/member-cards/{id}: the given fields replace the saved ones. */
export function updateMemberCard(id: string, body: UpdateMemberCardBody): Promise<MemberCard> {
  return callApi<typeof passengersApi.updateMemberCard>(
    { method: 'PUT', path: '/base/v2/member-cards/:id' },
    { params: { id }, body },
    { skipErrorToast: true },
  );
}

/** DELETE /base/v2/member-cards/{id}. */
export function deleteMemberCard(id: string): Promise<unknown> {
  return callApi<typeof passengersApi.deleteMemberCard>(
    { method: 'DELETE', path: '/base/v2/member-cards/:id' },
    { params: { id } },
  );
}

/** One page of member cards; the previous page stays on screen while the next loads. */
export function useMemberCards(page: number) {
  return useQuery({
    queryKey: [...MEMBER_CARDS_KEY, page],
    queryFn: () => listMemberCards(page),
    placeholderData: keepPreviousData,
  });
}

/** Saves a member card (`id` given: updates it); the card lists refresh afterwards. */
export function useSaveMemberCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: MemberCardBody }) =>
      id === undefined ? createMemberCard(body) : updateMemberCard(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_CARDS_KEY }),
  });
}

/** Deletes a member card; the card lists refresh afterwards. */
export function useDeleteMemberCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemberCard,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEMBER_CARDS_KEY }),
  });
}
