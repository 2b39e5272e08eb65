import { describe, expect, it } from 'vitest';
import { routeAssets, type BuildManifest } from './route-assets';

const manifest: BuildManifest = {
  'index.html': {
    file: 'static/js/index-A.js',
    src: 'index.html',
    isEntry: true,
    css: ['static/css/index-A.css'],
    imports: ['_react-B.js'],
  },
  '_react-B.js': { file: 'static/js/react-B.js' },
  '_field-C.js': { file: 'static/js/field-C.js', css: ['static/css/field-C.css'], imports: ['_react-B.js'] },
  'src/app/routes/contact.tsx': {
    file: 'static/js/contact-D.js',
    src: 'src/app/routes/contact.tsx',
    css: ['static/css/contact-D.css'],
    imports: ['_field-C.js', '_react-B.js'],
  },
  'src/app/routes/destination.tsx': {
    file: 'static/js/destination-E.js',
    src: 'src/app/routes/destination.tsx',
    css: ['static/css/destination-E.css'],
    imports: ['_field-C.js'],
  },
};

describe('routeAssets', () => {
  it("names the matched module's style sheets (its imports' too), not its code, without what the entry loads", () => {
    expect(routeAssets(manifest)(['src/app/routes/contact.tsx'])).toBe(
      '<link rel="stylesheet" crossorigin href="/static/css/contact-D.css">' +
        '<link rel="stylesheet" crossorigin href="/static/css/field-C.css">',
    );
  });

  it('names a shared chunk once when two matched modules import it', () => {
    const tags = routeAssets(manifest)(['src/app/routes/contact.tsx', 'src/app/routes/destination.tsx']);
    expect(tags.match(/field-C\.css/g)).toHaveLength(1);
    expect(tags).toContain('/static/css/destination-E.css');
  });

  it('gives nothing without a manifest, a lazy match, or a known module', () => {
    expect(routeAssets(undefined)(['src/app/routes/contact.tsx'])).toBe('');
    expect(routeAssets(manifest)([])).toBe('');
    expect(routeAssets(manifest)(['src/app/routes/nowhere.tsx'])).toBe('');
  });
});
