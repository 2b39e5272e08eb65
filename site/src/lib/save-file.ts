/** Saves a value as a pretty-printed JSON file through the browser's download. */
export function saveJsonFile(name: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: a browser may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
