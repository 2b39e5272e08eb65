import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { DestinationImage } from '../src/catalogue/entities/destination-image.entity';
import { Destination } from '../src/catalogue/entities/destination.entity';
import { ThingToDo } from '../src/catalogue/entities/thing-to-do.entity';
import { TravelPack } from '../src/catalogue/entities/travel-pack.entity';
import { DemoSeedService } from '../src/demo/demo-seed.service';
import { bootTestApp, TestApp } from './support/test-app';
import { testDialect } from './support/test-db';

const FIVE = ['Punta Cana', 'Cancún', 'Orlando', 'Las Vegas', 'Cabo San Lucas'];

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function counts(t: TestApp) {
  return {
    destinations: await t.dataSource.getRepository(Destination).count(),
    images: await t.dataSource.getRepository(DestinationImage).count(),
    things: await t.dataSource.getRepository(ThingToDo).count(),
    packs: await t.dataSource.getRepository(TravelPack).count(),
  };
}

describe('Demo catalogue (SEED_DEMO)', () => {
  // Booting renders 40 pictures: allow for a busy machine.
  jest.setTimeout(30_000);
  let t: TestApp;

  // Measured as the app boots: which picture files were on disk when it first answered.
  let onDiskAtStart: Set<string>;

  beforeAll(async () => {
    // The demo desk's leads would keep the emptied-catalogue test from deleting destinations.
    t = await bootTestApp({ SEED_DEMO: 'true', DEMO_DESK: 'false' });
    const planned = (await t.dataSource.getRepository(DestinationImage).find()).map((i) => i.image);
    onDiskAtStart = new Set(planned.filter((p) => existsSync(join(t.config.uploadDir, p))));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('loads the five destinations, active, with Spanish descriptions, locations and coordinates', async () => {
    const destinations = await t.dataSource.getRepository(Destination).find({ order: { id: 'ASC' } });
    expect(destinations.map((d) => d.name)).toEqual(expect.arrayContaining(FIVE));
    for (const d of destinations) {
      expect(d.status).toBe('active');
      expect(d.description.length).toBeGreaterThanOrEqual(200);
      expect(d.description.length).toBeLessThanOrEqual(600);
      expect(d.location).toMatch(/^[^,]+, .+$/);
      expect(typeof d.latitude).toBe('number');
      expect(Math.abs(d.latitude!)).toBeLessThanOrEqual(90);
      expect(Math.abs(d.longitude!)).toBeLessThanOrEqual(180);
      expect(d.main_image).toMatch(/^seed\/[a-z-]+-main\.webp$/);
    }
    const byName = Object.fromEntries(destinations.map((d) => [d.name, d]));
    expect(byName['Punta Cana'].location).toBe('La Altagracia, República Dominicana');
    expect(byName['Cancún'].latitude).toBeCloseTo(21.16, 1);
    expect(byName['Las Vegas'].longitude).toBeCloseTo(-115.17, 1);
    expect(
      destinations
        .filter((d) => d.is_priority)
        .map((d) => d.name)
        .sort(),
    ).toEqual(['Cancún', 'Punta Cana']);
  });

  it('gives each destination 3 to 6 things to do, 3 to 6 gallery and 3 to 4 hotel images in order', async () => {
    for (const d of await t.dataSource.getRepository(Destination).find()) {
      const things = await t.dataSource.getRepository(ThingToDo).findBy({ destination_id: d.id });
      expect(things.length).toBeGreaterThanOrEqual(3);
      expect(things.length).toBeLessThanOrEqual(6);
      for (const thing of things) {
        expect(thing.title.length).toBeLessThanOrEqual(100);
        expect(thing.description.length).toBeGreaterThan(20);
      }
      const images = await t.dataSource
        .getRepository(DestinationImage)
        .find({ where: { destination_id: d.id }, order: { position: 'ASC' } });
      const gallery = images.filter((i) => i.kind === 'gallery');
      const hotel = images.filter((i) => i.kind === 'hotel');
      expect(gallery.length).toBeGreaterThanOrEqual(3);
      expect(gallery.length).toBeLessThanOrEqual(6);
      expect(hotel.length).toBeGreaterThanOrEqual(3);
      expect(hotel.length).toBeLessThanOrEqual(4);
      expect(gallery.map((i) => i.position)).toEqual(gallery.map((_, n) => n));
      expect(hotel.map((i) => i.position)).toEqual(hotel.map((_, n) => n));
    }
  });

  it('gives each destination 2 or 3 bookable packs with a 30-45% discount, features and amenities', async () => {
    const packs = await t.dataSource.getRepository(TravelPack).find();
    const perDestination = new Map<number, number>();
    for (const p of packs) {
      perDestination.set(p.destination_id, (perDestination.get(p.destination_id) ?? 0) + 1);
      expect(typeof p.price).toBe('number');
      expect(p.price).toBeLessThanOrEqual(9999.99);
      expect(p.discount_price!).toBeLessThan(p.price);
      const off = (p.price - p.discount_price!) / p.price;
      expect(off).toBeGreaterThanOrEqual(0.3);
      expect(off).toBeLessThanOrEqual(0.45);
      expect(p.features.length).toBeGreaterThanOrEqual(3);
      expect(p.features.length).toBeLessThanOrEqual(5);
      expect(p.amenities.length).toBeGreaterThan(0);
      expect(p.amenities.length).toBeLessThanOrEqual(10);
      expect(p.available_from >= today()).toBe(true);
      expect(p.available_to > p.available_from).toBe(true);
      expect(p.name.length).toBeLessThanOrEqual(100);
    }
    expect([...perDestination.values()].every((n) => n >= 2 && n <= 3)).toBe(true);
    expect(perDestination.size).toBe(await t.dataSource.getRepository(Destination).count());
    expect(packs.filter((p) => p.is_featured).length).toBeGreaterThanOrEqual(4);
    expect(packs.some((p) => p.name === '5 Días / 4 Noches Todo Incluido en Bávaro')).toBe(true);
  });

  it('answers before the pictures are rendered; a picture asked for meanwhile is rendered at once and served', async () => {
    // The rows are in, the 40 pictures (2–4 s of rendering) are not all on disk yet.
    expect(onDiskAtStart.size).toBeLessThan(35);
    const seed = t.app.get(DemoSeedService);
    const last = await t.dataSource
      .getRepository(DestinationImage)
      .findOneOrFail({ where: { kind: 'hotel' }, order: { id: 'DESC' } });
    const lastFile = join(t.config.uploadDir, last.image);
    expect(seed.pictureReady(last.image)).not.toBeNull(); // still to come
    expect(existsSync(lastFile)).toBe(false);
    const res = await t
      .http()
      .get(`/uploads/${last.image.replace(/\.webp$/, '-400w.webp')}`)
      .expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.body).metadata()).width).toBe(400);
    // An image derived from a picture (the phone's portrait crop of the hero) waits for the picture too.
    const main = await t.dataSource.getRepository(Destination).findOneByOrFail({ name: 'Cabo San Lucas' });
    const portrait = await t
      .http()
      .get(`/uploads/${main.main_image!.replace(/\.webp$/, '-portrait.webp')}`)
      .expect(200);
    expect((await sharp(portrait.body).metadata()).height).toBe(800);
    // Then the rest; a file that is no demo picture is still a plain 404.
    await seed.picturesRendered();
    expect(seed.pictureReady(last.image)).toBeNull();
    await t.http().get('/uploads/seed/no-such-picture.webp').expect(404);
  });

  it('writes every referenced picture as a real WebP file, with -800w and -400w siblings', async () => {
    await t.app.get(DemoSeedService).picturesRendered();
    const destinations = await t.dataSource.getRepository(Destination).find();
    const images = await t.dataSource.getRepository(DestinationImage).find();
    const paths = [...destinations.map((d) => d.main_image!), ...images.map((i) => i.image)];
    for (const path of paths) {
      const file = join(t.config.uploadDir, path);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect({ path, width: meta.width, height: meta.height }).toEqual({
        path,
        width: path.endsWith('-main.webp') ? 1600 : 1200,
        height: 800,
      });
      expect(existsSync(file.replace(/\.webp$/, '-800w.webp'))).toBe(true);
      expect(existsSync(file.replace(/\.webp$/, '-400w.webp'))).toBe(true);
    }
    // Different pictures, not one file copied: every file has its own bytes.
    const sizes = new Set(paths.map((p) => statSync(join(t.config.uploadDir, p)).size));
    expect(sizes.size).toBeGreaterThan(paths.length / 2);
  });

  it('serves the pictures under /uploads as image/webp', async () => {
    const cancun = await t.dataSource.getRepository(Destination).findOneByOrFail({ name: 'Cancún' });
    const main = await t.http().get(`/uploads/${cancun.main_image}`).expect(200);
    expect(main.headers['content-type']).toBe('image/webp');
    expect(main.body.length).toBeGreaterThan(5000);
    const hotel = await t.dataSource
      .getRepository(DestinationImage)
      .findOneByOrFail({ destination_id: cancun.id, kind: 'hotel' });
    const res = await t
      .http()
      .get(`/uploads/${hotel.image.replace(/\.webp$/, '-400w.webp')}`)
      .expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('shows the demo catalogue through the public API, priority destinations first', async () => {
    const res = await t.http().get('/api/destinations/').expect(200);
    const names = res.body.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(FIVE));
    expect(names.slice(0, 2).sort()).toEqual(['Cancún', 'Punta Cana']);
    const featured = await t.http().get('/api/travel-packs-featured/').expect(200);
    expect(featured.body.length).toBeGreaterThanOrEqual(4);
    const punta = res.body.find((d: { name: string }) => d.name === 'Punta Cana');
    expect(punta.main_image).toBe('/uploads/seed/punta-cana-main.webp');
  });

  it('adds nothing when a second app boots on the same database and upload folder', async () => {
    const before = await counts(t);
    const second = await bootTestApp({
      SEED_DEMO: 'true',
      DATABASE_URL: t.config.database.type === 'sqlite' ? `sqlite:${t.config.database.path}` : t.config.database.url,
      UPLOAD_DIR: t.config.uploadDir,
    });
    try {
      expect(await counts(second)).toEqual(before);
      expect(await counts(t)).toEqual(before);
    } finally {
      await second.close();
    }
  });

  it('leaves a catalogue with a single destination alone', async () => {
    const seed = t.app.get(DemoSeedService);
    await expect(seed.seedIfEmpty()).resolves.toEqual({ seeded: false, imagesRendered: 0 });
  });

  it('reloads an emptied catalogue, reusing the pictures already on disk', async () => {
    const before = await counts(t);
    await t.dataSource.createQueryBuilder().delete().from(Destination).execute();
    expect((await counts(t)).destinations).toBe(0);
    await expect(t.app.get(DemoSeedService).seedIfEmpty()).resolves.toEqual({ seeded: true, imagesRendered: 0 });
    expect(await counts(t)).toEqual(before);
  });
});

describe('Demo catalogue with SEED_DEMO=false', () => {
  it('leaves an empty catalogue empty', async () => {
    const t = await bootTestApp({ SEED_DEMO: 'false' });
    try {
      expect(await counts(t)).toEqual({ destinations: 0, images: 0, things: 0, packs: 0 });
      expect(existsSync(join(t.config.uploadDir, 'seed'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

// Several app instances share one database only on MySQL/MariaDB (SQLite is one process's file).
(testDialect() === 'mysql' ? describe : describe.skip)('Demo catalogue with two instances starting together', () => {
  it('loads the catalogue once', async () => {
    const first = await bootTestApp({ SEED_DEMO: 'false' });
    const url = first.config.database.type === 'mysql' ? first.config.database.url : '';
    const second = await bootTestApp({ SEED_DEMO: 'false', DATABASE_URL: url, UPLOAD_DIR: first.config.uploadDir });
    try {
      const outcomes = await Promise.all([first, second].map((t) => t.app.get(DemoSeedService).seedIfEmpty()));
      expect(outcomes.map((o) => o.seeded).sort()).toEqual([false, true]);
      const loaded = await counts(first);
      expect(loaded.destinations).toBe(5);
      expect(loaded.packs).toBeGreaterThanOrEqual(10);
    } finally {
      await second.close();
      await first.close();
    }
  }, 30_000);
});
