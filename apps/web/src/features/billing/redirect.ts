/** Leaves the app for a payment page: Stripe, or the sandbox's own pages. A module of its own so tests can stub it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
