import { Suspense, useState, type ReactNode } from 'react';

interface MountOnceOpenedProps {
  /** Whether the dialog or drawer inside is open now. */
  open: boolean;
  children: ReactNode;
}

/**
 * Renders a lazily loaded dialog or drawer from the first time it opens, and keeps it mounted
 * after: its code loads when it is first asked for (nothing is shown meanwhile), and it still
 * closes with its animation and keeps its state between openings, as a dialog always mounted
 * would (docs/performance/javascript-per-route.md).
 */
export function MountOnceOpened({ open, children }: MountOnceOpenedProps) {
  const [opened, setOpened] = useState(open);
  // Adjusting state while rendering (React's pattern for state derived from props): no extra commit.
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
