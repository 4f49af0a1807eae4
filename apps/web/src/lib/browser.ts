/** A full page load (drops every piece of in-memory state). Its own module so tests can stub it. */
export function loadPage(url: string): void {
  window.location.assign(url);
}

/** Loads the current page again (a new version of the app takes over, ADR 032). */
export function reloadPage(): void {
  window.location.reload();
}
