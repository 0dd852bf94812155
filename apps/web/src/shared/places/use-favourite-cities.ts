import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useSessionStore } from '../stores/session-store';
import { toast } from '../ui/message-bridge';
import { updateFavouriteCities } from './update-favourite-cities';

/** Favourites switched off only here: the last one cannot be removed on the server (no empty list). */
const useLocallyOff = create<{ codes: string[]; set: (codes: string[]) => void }>()((set) => ({
  codes: [],
  set: (codes) => set({ codes }),
}));

/**
 * The user's favourite cities (userInfo.config.cities) and a star toggle that saves them with
 * PUT /base/v2/me/config/cities. Removing the last favourite is not sent (the list must not be
 * empty, spec §5): the star goes off here and a message says nothing else changes.
 */
export function useFavouriteCities() {
  const { t } = useTranslation();
  const saved = useSessionStore((s) => s.userInfo?.config.cities);
  const off = useLocallyOff((s) => s.codes);
  const favourites = useMemo(() => (saved ?? []).filter((c) => !off.includes(c)), [saved, off]);

  const toggle = useCallback(
    async (code: string) => {
      const current = useSessionStore.getState().userInfo;
      if (!current) return;
      const list = current.config.cities ?? [];
      const starred = list.includes(code) && !off.includes(code);
      if (!starred) {
        if (!list.includes(code) || off.some((c) => c !== code)) {
          // Favourites switched off here are dropped for real now that the list is not empty.
          const next = [...list.filter((c) => c !== code && !off.includes(c)), code];
          await updateFavouriteCities(next);
          useSessionStore
            .getState()
            .updateUserInfo({ ...current, config: { ...current.config, cities: next } });
        }
        useLocallyOff.getState().set(off.filter((c) => c !== code));
        return;
      }
      const next = list.filter((c) => c !== code);
      if (next.length === 0) {
        useLocallyOff.getState().set([...off, code]);
        void toast().info(t('flight.booking.favourites.lastKept'));
        return;
      }
      await updateFavouriteCities(next);
      useSessionStore.getState().updateUserInfo({ ...current, config: { ...current.config, cities: next } });
    },
    [off, t],
  );

  return { favourites, toggle };
}
