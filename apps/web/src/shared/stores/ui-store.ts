import { create } from 'zustand';
import { detectIframe } from './detect-iframe';

interface UiState {
  /** Requests in flight; the global loading flag is `pending > 0`. */
  pending: number;
  /** The app runs inside a partner's frame. */
  iframe: boolean;
  startRequest: () => void;
  endRequest: () => void;
  setIframe: (iframe: boolean) => void;
}

/** Transient UI state: global loading and iframe mode (detected once at start, not persisted). */
export const useUiStore = create<UiState>()((set) => ({
  pending: 0,
  iframe: typeof window !== 'undefined' && detectIframe(window),
  startRequest: () => set((s) => ({ pending: s.pending + 1 })),
  endRequest: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
  setIframe: (iframe) => set({ iframe }),
}));
