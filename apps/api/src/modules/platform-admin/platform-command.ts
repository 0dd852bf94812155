import { parseArgs } from 'node:util';
import { PLATFORM_PERMISSIONS, type PlatformPermission } from '@portal/domain/platform';
import type { Db } from '../../platform/db';
import type { PasswordHasher } from '../users/index';
import { createPlatformAdmin, disablePlatformAdmin, PlatformAdminError } from './admins';

/** What `npm run platform -- …` prints when it is used wrongly. */
export const PLATFORM_USAGE = [
  'usage: npm run platform -- create-admin <username> [--permissions finance,support]',
  '       npm run platform -- disable-admin <username>',
].join('\n');

export interface PlatformCommandDeps {
  db: Db;
  hasher: PasswordHasher;
  now: () => Date;
  /** Where the command's lines go (the terminal). */
  print: (line: string) => void;
}

/** `finance,support` (or the full names) as permissions; an unknown name is refused. */
function permissionsOf(list: string | undefined): PlatformPermission[] {
  if (!list?.trim()) return [];
  return list.split(',').map((raw) => {
    const name = raw.trim();
    const permission = PLATFORM_PERMISSIONS.find((p) => p === name || p === `platform:${name}`);
    if (!permission) {
      throw new PlatformAdminError(`unknown permission "${name}": use ${PLATFORM_PERMISSIONS.join(', ')}`);
    }
    return permission;
  });
}

/**
 * The platform command (`apps/api/scripts/platform.ts`): `create-admin` prints the generated
 * password and the TOTP secret with its otpauth URI once (only the password's hash is stored);
 * `disable-admin` disables an admin and ends their sessions. Answers the process's exit code.
 */
export async function runPlatformCommand(args: string[], deps: PlatformCommandDeps): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { permissions: { type: 'string' } },
  });
  const [command, username, ...rest] = positionals;
  if (!username || rest.length > 0 || (command !== 'create-admin' && command !== 'disable-admin')) {
    deps.print(PLATFORM_USAGE);
    return 2;
  }
  try {
    if (command === 'disable-admin') {
      await disablePlatformAdmin(deps.db, username, deps.now());
      deps.print(`platform admin ${username.toLowerCase()} disabled; their sessions have ended`);
      return 0;
    }
    const created = await createPlatformAdmin(deps.db, deps.hasher, {
      username,
      permissions: permissionsOf(values.permissions),
    });
    deps.print(`platform admin ${created.username} created (id ${created.id})`);
    deps.print(`permissions:  ${created.permissions.join(', ') || '(none: read only)'}`);
    deps.print(`password:     ${created.password}`);
    deps.print(`TOTP secret:  ${created.totpSecret}`);
    deps.print(`otpauth URI:  ${created.otpauthUri}`);
    deps.print('Shown this once: hand them over in person and add the secret to an authenticator app.');
    return 0;
  } catch (error) {
    if (error instanceof PlatformAdminError) {
      deps.print(`platform: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
