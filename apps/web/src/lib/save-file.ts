/**
 * Saves `blob` as a download named `filename`, as a link with the `download` attribute would: through an object
 * URL on a temporary link, revoked once the browser has taken the file.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute later it has long started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
