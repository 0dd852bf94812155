/**
 * Leaves the app for another page (an outside payment gateway's checkout). One place, so that tests
 * can replace it: jsdom does not navigate.
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
