import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { DEFAULT_SITE_FIGURES, type SiteFigures } from '@portal/domain/site-figures';
import { loadLocaleParts } from '../../../shared/i18n/i18n';
import type { MarketingProps } from './marketing-sections';

/** Room kept for the sections while they load, so the footer below does not jump when they arrive. */
const RESERVED_HEIGHT = 1200;

/** Runs `task` once the browser is idle after the first paint (a short timer where idle callbacks are missing). */
function afterFirstPaint(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 50);
  return () => window.clearTimeout(handle);
}

/**
 * The home page's marketing sections (`marketing-sections.tsx`): a chunk of their own with their
 * texts (the `marketing` locale part), downloaded once the login card has painted, so the login
 * page's first download does not grow. Until they are in, an empty block keeps their room; a
 * failed download leaves the page as it is (the login card never depends on them).
 */
export function LazyMarketing({ figures }: { figures: SiteFigures | null }) {
  const [sections, setSections] = useState<{ Component: ComponentType<MarketingProps> } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const cancel = afterFirstPaint(() => {
      Promise.all([import('./marketing-sections'), loadLocaleParts(['marketing'])]).then(
        ([module]) => {
          // A transition: React renders the sections in slices that yield to the browser, so a
          // tap on the login form is never kept waiting by them (and no long task blocks it).
          if (live) startTransition(() => setSections({ Component: module.MarketingSections }));
        },
        () => {
          if (live) setFailed(true);
        },
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  if (failed) return null;
  // The room stays while the sections are added one by one, so the footer only ever moves down.
  return (
    <div style={{ minHeight: RESERVED_HEIGHT }}>
      {/* The defaults are resolved here, in the home chunk, so the sections' chunk shares this
          module instead of making a file of its own for it. */}
      {sections && <sections.Component figures={figures ?? DEFAULT_SITE_FIGURES} />}
    </div>
  );
}
