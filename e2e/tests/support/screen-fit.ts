import type { Page } from '@playwright/test';

/** The two screen sizes agents use: a 1366x768 laptop and a 1920x1080 desktop. */
export const AGENT_VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/**
 * What does not fit on the page as it stands, in words; empty when everything does:
 * - the page must not scroll sideways;
 * - each antd table fits in what is visible of it, or scrolls inside its own container;
 * - every header cell is reachable: inside the visible box, or inside a container that scrolls
 *   sideways and is itself on screen;
 * - a table that scrolls sideways keeps its first (key) column fixed at the left, and its last
 *   column fixed at the right when that column holds the row's actions (buttons).
 */
export async function screenFitProblems(page: Page): Promise<string[]> {
  // Two frames: antd measures its scroll shadows and fixed columns again after a resize.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`page overflow: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}`);

    const px = (n: number) => Math.round(n);
    const scrollsSideways = (el: Element) => {
      const overflow = getComputedStyle(el).overflowX;
      return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth;
    };
    /** The horizontal box of `el` on screen: the viewport cut by every ancestor that clips. */
    const visibleBox = (el: Element) => {
      const box = { left: 0, right: root.clientWidth };
      for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const r = a.getBoundingClientRect();
        box.left = Math.max(box.left, r.left);
        box.right = Math.min(box.right, r.right);
      }
      return box;
    };
    const inside = (r: { left: number; right: number }, box: { left: number; right: number }) =>
      r.left >= box.left - 1 && r.right <= box.right + 1;
    /** The nearest ancestor of `el`, up to `table`, that scrolls sideways. */
    const scroller = (el: Element, table: Element) => {
      for (let a = el.parentElement; a && a !== table.parentElement; a = a.parentElement)
        if (scrollsSideways(a)) return a;
      return null;
    };
    const text = (el: Element | undefined) => (el?.textContent ?? '').trim().slice(0, 30) || '(blank)';
    const sticks = (el: Element | undefined) =>
      el !== undefined && getComputedStyle(el).position === 'sticky';

    document.querySelectorAll('.ant-table').forEach((table, i) => {
      const rect = table.getBoundingClientRect();
      if (rect.width === 0) return; // a hidden tab or a closed drawer
      const label = `table ${i + 1} (${table.closest('[data-testid]')?.getAttribute('data-testid') ?? 'no test id'})`;
      const box = visibleBox(table);
      const own = table.querySelector('.ant-table-content, .ant-table-body');
      const scrolls = own !== null && scrollsSideways(own);
      if (!inside(rect, box) && !scrolls)
        problems.push(
          `table wider than its box: ${label} spans ${px(rect.left)}..${px(rect.right)} in ${px(box.left)}..${px(box.right)}`,
        );
      const headers = Array.from(table.querySelectorAll('thead th')).filter(
        (th) => th.getBoundingClientRect().width > 0 && !th.classList.contains('ant-table-selection-column'),
      );
      for (const th of headers) {
        const cell = th.getBoundingClientRect();
        const via = scroller(th, table);
        const reachable = via ? inside(via.getBoundingClientRect(), visibleBox(via)) : inside(cell, box);
        if (!reachable)
          problems.push(
            `header cut: ${label} "${text(th)}" at ${px(cell.left)}..${px(cell.right)}${via ? ' in a scroll container that is cut itself' : ''}`,
          );
      }
      if (!scrolls) return;
      if (!sticks(headers[0]))
        problems.push(
          `key column not fixed: ${label} scrolls sideways and "${text(headers[0])}" scrolls away`,
        );
      const lastCells = Array.from(
        table.querySelectorAll('tbody tr.ant-table-row'),
        (row) => row.lastElementChild,
      );
      const actions = lastCells.some((cell) => cell?.querySelector('button, [role="button"]'));
      if (actions && !sticks(headers.at(-1)))
        problems.push(
          `action column not fixed: ${label} scrolls sideways and "${text(headers.at(-1))}" scrolls away`,
        );
    });
    return problems;
  });
}
