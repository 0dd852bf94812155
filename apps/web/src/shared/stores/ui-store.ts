import { create } from 'zustand';

/** True when the page runs in a frame or the URL asks for iframe mode (`?iframe=1`). */
export function detectIframe(win: Window): boolean {
  let framed: boolean;
  try {
    framed = win.self !== win.top;
  } catch {
    // A cross-origin parent refuses access: that is a frame.
    framed = true;
  }
  return framed || new URLSearchParams(win.location.search).get('iframe') === '1';
}

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
