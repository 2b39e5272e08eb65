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
 * are left out. The manifest is read once; each set of modules is worked out once.
 */
export function routeAssets(manifest: BuildManifest | undefined): (modules: readonly string[]) => string {
  if (!manifest) return () => '';
  const filesOf = (keys: readonly string[]) => {
    const js: string[] = [];
    const css: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      js.push(chunk.file);
      for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return { js, css };
  };
  const entry = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loaded = new Set(Object.values(filesOf(entry)).flat());
  const tags = new Map<string, string>();
  return (modules) => {
    const key = modules.join('\n');
    let found = tags.get(key);
    if (found === undefined) {
      const { js, css } = filesOf(modules);
      found = [
        ...css.filter((f) => !loaded.has(f)).map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
        ...js.filter((f) => !loaded.has(f)).map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
      ].join('');
      tags.set(key, found);
    }
    return found;
  };
}
