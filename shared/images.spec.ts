import { ogImagePath, portraitImagePath, variantPath } from './images';

describe('stored image names', () => {
  it('names the smaller WebP widths beside the stored file', () => {
    expect(variantPath('destinations/ab12.webp', 1600)).toBe('destinations/ab12.webp');
    expect(variantPath('destinations/ab12.webp', 400)).toBe('destinations/ab12-400w.webp');
  });

  it('names the link-preview JPEG after the stored image, for paths and /uploads URLs alike', () => {
    expect(ogImagePath('seed/cancun-main.webp')).toBe('seed/cancun-main-og.jpg');
    expect(ogImagePath('/uploads/destinations/ab12.webp')).toBe('/uploads/destinations/ab12-og.jpg');
  });

  it('has no link-preview JPEG for a width variant, a foreign URL or no image', () => {
    expect(ogImagePath('/uploads/destinations/ab12-800w.webp')).toBeNull();
    expect(ogImagePath('https://cdn.example.com/photo.jpg')).toBeNull();
    expect(ogImagePath(null)).toBeNull();
  });

  it('names the portrait crop after the stored image, and has none for a variant or a derived image', () => {
    expect(portraitImagePath('/uploads/seed/cancun-main.webp')).toBe('/uploads/seed/cancun-main-portrait.webp');
    expect(portraitImagePath('/uploads/destinations/ab12-400w.webp')).toBeNull();
    expect(portraitImagePath('/uploads/seed/cancun-main-portrait.webp')).toBeNull();
    expect(ogImagePath('/uploads/seed/cancun-main-portrait.webp')).toBeNull();
    expect(portraitImagePath(undefined)).toBeNull();
  });
});
