import type { ManagedUser } from '@portal/domain/users';

/** An active operator of agency 1 as the users list answers it; `over` changes any field. */
export function makeUser(id: number, username: string, over: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id,
    username,
    nickname: `${username} name`,
    email: `${username}@example.com`,
    mobile: { areaCode: '86', number: '13800138000' },
    role: ['operator'],
    status: 'active',
    agencyId: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
