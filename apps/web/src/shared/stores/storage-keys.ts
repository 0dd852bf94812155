/**
 * Where the persisted stores keep their state in `localStorage`. A module of its own so that the
 * page's first paint (`boot/first-paint.ts`), which runs before the app's code, can read them
 * without bringing the stores along.
 */
export const PREFERENCES_STORAGE_KEY = 'portal-preferences';
export const SESSION_STORAGE_KEY = 'portal-session';
