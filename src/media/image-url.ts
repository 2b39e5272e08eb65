/** Stored image paths are relative to UPLOAD_DIR; clients get absolute paths under /uploads. */
export function toPublicImageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path) || path.startsWith('/')) return path;
  return `/uploads/${path}`;
}
