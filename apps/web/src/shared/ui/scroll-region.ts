/**
 * Keeps `region` a named, focusable scroll region while its table is wider than it (a tab stop,
 * then the arrow keys scroll it) and a plain box while the table fits, as the window or the rows
 * change; `onResize` runs first on each change (placing pinned columns). Returns the stop function.
 */
export function watchScrollRegion(region: HTMLElement, label: string, onResize?: () => void): () => void {
  const update = () => {
    onResize?.();
    if (region.scrollWidth > region.clientWidth) {
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      region.setAttribute('aria-label', label);
    } else {
      region.removeAttribute('tabindex');
      region.removeAttribute('role');
      region.removeAttribute('aria-label');
    }
  };
  update();
  const observer = new ResizeObserver(update);
  observer.observe(region);
  const table = region.querySelector('table');
  if (table) observer.observe(table);
  return () => observer.disconnect();
}
