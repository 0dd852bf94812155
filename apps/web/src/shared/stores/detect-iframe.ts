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
