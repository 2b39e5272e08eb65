import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ogImagePath, portraitImagePath } from '../shared/images';
import { bearer, jpegBytes } from './support/admin-fixtures';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

const binary = (res: { on: (e: string, cb: (c?: Buffer) => void) => void }, done: (e: null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('images derived from a stored one: link preview (1200×630 JPEG) and portrait crop (600×800 WebP)', () => {
  let t: TestApp;
  let admin: CreatedUser;
  const fileOf = (url: string) => join(t.config.uploadDir, url.replace(/^\/uploads\//, ''));
  const get = (url: string) => t.http().get(url).buffer(true).parse(binary);

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  async function createDestination(): Promise<{ id: number; main: string }> {
    const res = await t
      .http()
      .post('/api/admin/destinations/')
      .set(bearer(admin.token))
      .field('name', 'Punta Cana')
      .field('location', 'Dominican Republic')
      .field('description', 'Beaches.')
      .attach('main_image', await jpegBytes(1900, 900), 'main.jpg');
    expect(res.status).toBe(201);
    return { id: res.body.id, main: res.body.main_image };
  }

  it('makes the JPEG on first request at a URL named after the stored image, then serves the same file', async () => {
    const { main } = await createDestination();
    const url = ogImagePath(main)!;
    expect(url).toMatch(/^\/uploads\/destinations\/[0-9a-f]{32}-og\.jpg$/);
    expect(existsSync(fileOf(url))).toBe(false);

    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=604800');
    const meta = await sharp(first.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect((first.body as Buffer).length).toBeLessThan(300 * 1024);
    expect(existsSync(fileOf(url))).toBe(true);

    const again = await get(url);
    expect((again.body as Buffer).equals(first.body as Buffer)).toBe(true);
    const head = await t.http().head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
  });

  it('answers concurrent first requests with one rendering, all complete', async () => {
    const { main } = await createDestination();
    const answers = await Promise.all([1, 2, 3, 4].map(() => get(ogImagePath(main)!)));
    for (const a of answers) expect(a.status).toBe(200);
    expect(new Set(answers.map((a) => (a.body as Buffer).toString('base64'))).size).toBe(1);
  });

  it('works for any stored WebP, e.g. the demo catalogue pictures', async () => {
    mkdirSync(join(t.config.uploadDir, 'seed'), { recursive: true });
    const webp = await sharp({ create: { width: 1600, height: 800, channels: 4, background: '#3080c0' } })
      .webp()
      .toBuffer();
    writeFileSync(join(t.config.uploadDir, 'seed/cancun-main.webp'), webp);
    const res = await get('/uploads/seed/cancun-main-og.jpg');
    expect(res.status).toBe(200);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 1200, height: 630, hasAlpha: false });
  });

  it('answers a JSON 404 for an image that does not exist or a name that is not ours', async () => {
    for (const url of [
      '/uploads/destinations/0123456789abcdef0123456789abcdef-og.jpg',
      '/uploads/seed/CANCUN-og.jpg',
      '/uploads/.staging/abc-og.jpg',
      '/uploads/seed/cancun-main-800w-og.jpg',
    ]) {
      const res = await t.http().get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/json/);
    }
    const escape = await t.http().get('/uploads/seed/..%2Fseed%2Fcancun-main-og.jpg');
    expect([403, 404]).toContain(escape.status);
    // The stored images themselves are still served by the static files.
    const stored = await t.http().get('/uploads/seed/cancun-main.webp');
    expect(stored.status).toBe(200);
  });

  it('makes the portrait crop a phone shows of a hero on first request, then serves the same file', async () => {
    const { main } = await createDestination();
    const url = portraitImagePath(main)!;
    expect(url).toMatch(/^\/uploads\/destinations\/[0-9a-f]{32}-portrait\.webp$/);
    expect(existsSync(fileOf(url))).toBe(false);
    const answers = await Promise.all([1, 2, 3].map(() => get(url)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toBe('image/webp');
      expect(a.headers['cache-control']).toBe('public, max-age=604800');
    }
    expect(new Set(answers.map((a) => (a.body as Buffer).toString('base64'))).size).toBe(1);
    const meta = await sharp(answers[0].body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 600, height: 800 });
    // Far fewer bytes than the 1,600 px picture a phone would otherwise crop on screen.
    expect((answers[0].body as Buffer).length).toBeLessThan((await get(main)).body.length);
    expect(existsSync(fileOf(url))).toBe(true);
  });

  it('has no portrait crop of a width variant, of a derived image, or of a missing image', async () => {
    for (const url of [
      '/uploads/seed/cancun-main-800w-portrait.webp',
      '/uploads/seed/cancun-main-og-portrait.webp',
      '/uploads/seed/cancun-main-portrait-portrait.webp',
      '/uploads/destinations/0123456789abcdef0123456789abcdef-portrait.webp',
    ]) {
      const res = await t.http().get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
  });

  it('deletes the derived images with their destination', async () => {
    const { id, main } = await createDestination();
    const url = ogImagePath(main)!;
    const portrait = portraitImagePath(main)!;
    expect((await get(url)).status).toBe(200);
    expect((await get(portrait)).status).toBe(200);
    const res = await t.http().delete(`/api/admin/destinations/${id}/`).set(bearer(admin.token));
    expect(res.status).toBeLessThan(300);
    expect(existsSync(fileOf(url))).toBe(false);
    expect(existsSync(fileOf(portrait))).toBe(false);
    expect(existsSync(fileOf(main))).toBe(false);
  });
});
