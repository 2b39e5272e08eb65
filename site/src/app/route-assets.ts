/** One chunk of Vite's build manifest (site/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The <head> tags that let a server-rendered page paint with its own styles: the style sheets of
 * the lazily loaded modules the page matched (their chunks and the chunks they import), and
 * modulepreload hints for their code, so the browser fetches both with the page instead of after
 * the entry script has run. Files the page template already loads (the entry and its imports)
 * are left out.
 */
export function routeAssetTags(manifest: BuildManifest | undefined, modules: readonly string[]): string {
  if (!manifest || modules.length === 0) return '';
  const loaded = new Set<string>();
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (entry) walk(manifest, entry, new Set(), (chunk) => loaded.add(chunk.file), loaded);

  const css: string[] = [];
  const js: string[] = [];
  const seen = new Set<string>();
  for (const module of modules) {
    walk(manifest, module, seen, (chunk) => {
      if (!loaded.has(chunk.file)) js.push(chunk.file);
      for (const sheet of chunk.css ?? []) if (!loaded.has(sheet) && !css.includes(sheet)) css.push(sheet);
    });
  }
  return [
    ...css.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
  ].join('');
}

/** Visits a chunk and its static imports once each; `alsoMark` records the entry's style sheets. */
function walk(
  manifest: BuildManifest,
  key: string,
  seen: Set<string>,
  visit: (chunk: ManifestChunk) => void,
  alsoMark?: Set<string>,
): void {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  visit(chunk);
  for (const sheet of chunk.css ?? []) alsoMark?.add(sheet);
  for (const imported of chunk.imports ?? []) walk(manifest, imported, seen, visit, alsoMark);
}
