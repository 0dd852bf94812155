import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { GROUP_DEFAULT_PASSENGERS } from '@portal/domain/group-request';
import { useSessionStore } from '../../../shared/stores/session-store';

/** One journey as the form holds it: codes and `YYYY-MM-DD` dates, null until picked. */
export interface DraftJourney {
  origin: string | null;
  destination: string | null;
  date: string | null;
  returnDate: string | null;
  remark: string;
}

/** The group request being written; counts are null while a number field is emptied. */
export interface GroupDraft {
  journeys: DraftJourney[];
  isChangeDate: boolean;
  acceptChangeFlight: boolean;
  passengers: { adult: number | null; child: number | null; infant: number | null };
}

export const EMPTY_JOURNEY: DraftJourney = {
  origin: null,
  destination: null,
  date: null,
  returnDate: null,
  remark: '',
};

/** A new request: one empty journey and spec §9's 10 adults, 10 children, 0 infants. */
export function newDraft(): GroupDraft {
  return {
    journeys: [{ ...EMPTY_JOURNEY }],
    isChangeDate: false,
    acceptChangeFlight: false,
    passengers: { ...GROUP_DEFAULT_PASSENGERS },
  };
}

interface DraftState {
  draft: GroupDraft;
  /** Set by "Next" once the draft is valid; the send uses it as its Idempotency-Key. */
  sendKey: string | null;
  update: (draft: GroupDraft) => void;
  markReady: () => void;
  clear: () => void;
}

/** The draft request, kept in sessionStorage between the form and its confirm page. */
export const useGroupDraft = create<DraftState>()(
  persist(
    (set) => ({
      draft: newDraft(),
      sendKey: null,
      // Any edit makes a new request: a later send must not replay an earlier one.
      update: (draft) => set({ draft, sendKey: null }),
      markReady: () => set({ sendKey: crypto.randomUUID() }),
      clear: () => set({ draft: newDraft(), sendKey: null }),
    }),
    { name: 'portal-group-draft', storage: createJSONStorage(() => sessionStorage), version: 1 },
  ),
);

// A draft belongs to the user who wrote it: logging out (spec §4 clears the search data) drops it.
useSessionStore.subscribe((state, previous) => {
  if (previous.userInfo && !state.userInfo) useGroupDraft.getState().clear();
});
