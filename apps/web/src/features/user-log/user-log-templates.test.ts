import { describe, expect, it } from 'vitest';
import { LOCALES } from '@portal/domain/locale';
import { USER_LOG_EVENTS, USER_LOG_TARGET_KINDS } from '@portal/domain/user-log-events';
import { eventKeyOf } from '@portal/domain/user-log-words';
import { flattenKeys, LOCALE_FILES } from '../../shared/i18n/resources';

/** The sentences the log names without an event: named actions and the fallback by method. */
const OTHER_SENTENCES = [
  'login',
  'login_failed',
  'logout',
  'sso_login',
  'password_change',
  'generic_POST',
  'generic_PUT',
  'generic_PATCH',
  'generic_DELETE',
];

describe('user log templates', () => {
  it.each(LOCALES)(
    'has a done and a failed sentence for every action and a noun for every target in %s',
    (locale) => {
      const keys = flattenKeys(LOCALE_FILES[locale]);
      const names = [...USER_LOG_EVENTS.map(eventKeyOf), ...OTHER_SENTENCES];
      const missing = [
        ...names.flatMap((name) => [`userLog.event.${name}`, `userLog.failed.${name}`]),
        ...[...USER_LOG_TARGET_KINDS, 'none'].map((kind) => `userLog.kind.${kind}`),
      ].filter((key) => !keys.has(key));
      expect(missing).toEqual([]);
    },
  );
});
