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
 * the lazily loaded modules the page matched (their chunks' and the chunks they import), which the
 * server puts in the page itself, so nothing moves when the page's code arrives. Their code is not
 * hinted (no modulepreload): under a slow phone network those chunks only competed with the
 * document and the largest image before the first paint (Lighthouse's destination page: first
 * paint 2.2–2.4 s with the hints, 1.85–2.0 s without); the entry fetches them when it runs. Style
 * sheets the page template already links (the entry's) are left out. The manifest is read once;
 * each set of modules is worked out once.
 */
export function routeAssets(manifest: BuildManifest | undefined): (modules: readonly string[]) => string {
  if (!manifest) return () => '';
  const sheetsOf = (keys: readonly string[]) => {
    const css: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return css;
  };
  const entry = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loaded = new Set(sheetsOf(entry));
  const tags = new Map<string, string>();
  return (modules) => {
    const key = modules.join('\n');
    let found = tags.get(key);
    if (found === undefined) {
      found = sheetsOf(modules)
        .filter((f) => !loaded.has(f))
        .map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`)
        .join('');
      tags.set(key, found);
    }
    return found;
  };
}
