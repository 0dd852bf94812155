import { useEffect } from 'react';

/** antd's table scrollers: the horizontal one of `scroll.x` and the vertical one of `scroll.y`. */
const SCROLLERS = '.ant-table-content, .ant-table-body';
/** Marks the tab stops given here, so that only they are taken back when a table fits again. */
const MARK = 'data-keyboard-scroll';

function scrolls(el: HTMLElement): boolean {
  return el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
}

/**
 * Gives each table scroller under `root` whose content overflows a tab stop (tabindex 0), so a
 * keyboard user can reach it and scroll it with the arrow keys (WCAG 2.1.1; axe's
 * `scrollable-region-focusable`, rated serious). antd renders these containers itself and has no
 * prop for it. A scroller with a tabindex of its own is left alone; a marked one that fits again
 * loses its tab stop.
 */
export function markKeyboardScrollers(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const ours = el.hasAttribute(MARK);
    if (scrolls(el)) {
      if (!el.hasAttribute('tabindex')) {
        el.tabIndex = 0;
        el.setAttribute(MARK, '');
      }
    } else if (ours) {
      el.removeAttribute('tabindex');
      el.removeAttribute(MARK);
    }
  }
}

/** Keeps `markKeyboardScrollers` true for the whole page as tables render, load and resize. */
export function useKeyboardScroll(): void {
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        markKeyboardScrollers(document.body);
      });
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
