/**
 * Lets code outside React (the API client) navigate with the app's router. The router registers
 * its navigate function at start-up; before that, the hash is set directly (hash routing).
 */
type NavigateFn = (to: string) => void;

let navigateFn: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn | null): void {
  navigateFn = fn;
}

export function navigateTo(to: string): void {
  if (navigateFn) navigateFn(to);
  else window.location.hash = `#${to}`;
}
