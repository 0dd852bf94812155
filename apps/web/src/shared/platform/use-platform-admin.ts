import { useMemo } from 'react';
import type { PlatformSubject } from '@portal/domain/navigation';
import type { PlatformPermission } from '@portal/domain/platform';
import type { PlatformAdminInfo } from '@portal/domain/platform-schemas';
import { hasPlatformPermission } from '@portal/domain/platform';
import { usePlatformSessionStore } from './platform-session-store';

/** Who is signed in to the platform back office, and what they may do. */
export interface PlatformAdminView {
  /** The signed-in admin, or null without a platform session (an agency session never counts). */
  admin: PlatformAdminInfo | null;
  signedIn: boolean;
  can: (permission: PlatformPermission) => boolean;
}

/** The platform admin of this tab's platform session (`platform-session-store.ts`). */
export function usePlatformAdmin(): PlatformAdminView {
  const token = usePlatformSessionStore((s) => s.token);
  const admin = usePlatformSessionStore((s) => s.admin);
  const signedIn = token !== null && admin !== null;
  return {
    admin: signedIn ? admin : null,
    signedIn,
    can: (permission) => signedIn && hasPlatformPermission(admin.permissions, permission),
  };
}

/** The guard's view of a platform session: the admin's permissions, or null without one. */
export function platformSubjectOf(
  token: string | null,
  permissions: PlatformSubject['permissions'] | undefined,
): PlatformSubject | null {
  return token !== null && permissions !== undefined ? { permissions } : null;
}

/** React hook form of `platformSubjectOf` for this tab's platform session. */
export function usePlatformSubject(): PlatformSubject | null {
  const token = usePlatformSessionStore((s) => s.token);
  const permissions = usePlatformSessionStore((s) => s.admin?.permissions);
  return useMemo(() => platformSubjectOf(token, permissions), [token, permissions]);
}
