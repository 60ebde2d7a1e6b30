/** Reloads the page from the server (the fresh index.html names the chunks of the current build). */
export function reloadPage(): void {
  window.location.reload();
}
