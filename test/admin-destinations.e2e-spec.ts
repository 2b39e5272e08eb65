import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { CatalogueCacheService } from '../src/catalogue/catalogue-cache.service';
import { DestinationImage } from '../src/catalogue/entities/destination-image.entity';
import { Destination } from '../src/catalogue/entities/destination.entity';
import { ThingToDo } from '../src/catalogue/entities/thing-to-do.entity';
import { TravelPack } from '../src/catalogue/entities/travel-pack.entity';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';
import { bearer, jpegBytes, pngBytes, seedDestination, seedLead, seedPack, webpBytes } from './support/admin-fixtures';

type Files = Array<[field: string, bytes: Buffer, filename: string]>;

describe('admin destinations: images, things to do, deletion', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let uploads: string;

  const stored = () => (existsSync(uploads) ? readdirSync(uploads).sort() : []);
  const staging = () =>
    existsSync(join(t.config.uploadDir, '.staging')) ? readdirSync(join(t.config.uploadDir, '.staging')) : [];
  const fileOf = (url: string) => join(t.config.uploadDir, url.replace(/^\/uploads\//, ''));

  function multipart(
    method: 'post' | 'put',
    path: string,
    fields: Record<string, string | string[]>,
    files: Files = [],
  ): request.Test {
    let req = t.http()[method](path).set(bearer(admin.token));
    for (const [name, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) req = req.field(name, v);
    }
    for (const [field, bytes, filename] of files) req = req.attach(field, bytes, filename);
    return req;
  }

  const basics = { name: 'Punta Cana', location: 'Dominican Republic', description: 'White sand beaches.' };

  async function createWithImages(): Promise<{ id: number; body: Record<string, any> }> {
    const res = await multipart('post', '/api/admin/destinations/', basics, [
      ['main_image', await jpegBytes(), 'main.jpg'],
      ['gallery_images', await pngBytes(), 'g1.png'],
      ['gallery_images', await webpBytes(), 'g2.webp'],
      ['hotel_images', await jpegBytes(600, 400), 'h1.jpg'],
      ['hotel_images', await pngBytes(500, 300), 'h2.png'],
    ]);
    expect(res.status).toBe(201);
    return { id: res.body.id, body: res.body };
  }

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    uploads = join(t.config.uploadDir, 'destinations');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('creating with images', () => {
    it('stores real JPG, PNG and WEBP uploads as WebP in three widths with random names', async () => {
      const before = stored().length;
      const { body } = await createWithImages();
      expect(body).toMatchObject({
        ...basics,
        status: 'active',
        is_priority: false,
        things_to_do: [],
        things_to_do_count: 0,
      });
      expect(body.gallery_images).toHaveLength(2);
      expect(body.hotel_images).toHaveLength(2);
      const urls: string[] = [
        body.main_image,
        ...body.gallery_images.map((i: { image: string }) => i.image),
        ...body.hotel_images.map((i: { image: string }) => i.image),
      ];
      for (const url of urls) expect(url).toMatch(/^\/uploads\/destinations\/[0-9a-f]{32}\.webp$/);
      expect(stored().length - before).toBe(5 * 3);
      const main = fileOf(body.main_image);
      expect(await sharp(main).metadata()).toMatchObject({ format: 'webp', width: 1600 });
      expect((await sharp(main.replace('.webp', '-800w.webp')).metadata()).width).toBe(800);
      expect((await sharp(main.replace('.webp', '-400w.webp')).metadata()).width).toBe(400);
      // Never enlarged: the 320 px PNG stays 320 px wide in its "1600" file.
      expect((await sharp(fileOf(body.gallery_images[0].image)).metadata()).width).toBe(320);
      const served = await t.http().get(body.main_image.replace('.webp', '-400w.webp'));
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(staging()).toEqual([]);
    });

    it('requires a main image and the text fields, with the spec messages', async () => {
      const res = await multipart('post', '/api/admin/destinations/', { name: '   ', location: '', description: ' ' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        name: 'Name is required',
        location: 'Location is required',
        description: 'Description is required',
        main_image: 'Main image is required',
      });
      expect(res.body.error).toBe('Name is required');
    });

    it('refuses text that is too long and an unknown status', async () => {
      const res = await multipart(
        'post',
        '/api/admin/destinations/',
        { name: 'n'.repeat(101), location: 'l'.repeat(151), description: 'd'.repeat(1501), status: 'archived' },
        [['main_image', await pngBytes(), 'm.png']],
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        name: 'Name cannot exceed 100 characters',
        location: 'Location cannot exceed 150 characters',
        description: 'Description cannot exceed 1500 characters',
        status: 'Invalid status. Allowed values: active, inactive.',
      });
    });

    it('judges files by their bytes: a text file renamed .png and an SVG are refused, and nothing is stored', async () => {
      const before = stored();
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
      );
      const res = await multipart('post', '/api/admin/destinations/', basics, [
        ['main_image', await jpegBytes(), 'main.jpg'],
        ['gallery_images', Buffer.from('#!/bin/sh\necho not an image\n'), 'photo.png'],
        ['hotel_images', await pngBytes(), 'ok.png'],
        ['hotel_images', svg, 'hotel.png'],
      ]);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        gallery_images: 'Gallery image 1 has invalid format. Allowed formats: JPG, PNG, WEBP.',
        hotel_images: 'Hotel image 2 has invalid format. Allowed formats: JPG, PNG, WEBP.',
      });
      expect(res.body.error).toBe('Gallery image 1 has invalid format. Allowed formats: JPG, PNG, WEBP.');
      expect(stored()).toEqual(before);
      expect(
        await t.dataSource.getRepository(Destination).countBy({ name: 'Punta Cana', description: basics.description }),
      ).toBe(1);
    });

    it('refuses a file of 2 MB + 1 byte with the size messages (400, not 413)', async () => {
      const jpeg = await jpegBytes(800, 600);
      const big = Buffer.concat([jpeg, Buffer.alloc(2_097_152 + 1 - jpeg.length, 0)]);
      expect(big.length).toBe(2_097_153);
      const res = await multipart('post', '/api/admin/destinations/', basics, [
        ['main_image', big, 'main.jpg'],
        ['hotel_images', await pngBytes(), 'h1.png'],
        ['hotel_images', big, 'h2.jpg'],
      ]);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Image size must not exceed 2MB.');
      expect(res.body.errors).toMatchObject({
        main_image: 'Main image must be less than 2MB.',
        hotel_images: 'Hotel image 2 must be less than 2MB.',
        image_size: 'Image size must not exceed 2MB.',
      });
    });

    it('accepts a file of exactly 2 MB', async () => {
      const jpeg = await jpegBytes(800, 600);
      const exact = Buffer.concat([jpeg, Buffer.alloc(2_097_152 - jpeg.length, 0)]);
      const res = await multipart('post', '/api/admin/destinations/', { ...basics, name: 'Exactly 2 MB' }, [
        ['main_image', exact, 'm.jpg'],
      ]);
      expect(res.status).toBe(201);
    });

    it('refuses an image whose pixel dimensions are huge (decompression bomb)', async () => {
      const bomb = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#000' } })
        .greyscale()
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(2_097_152);
      const res = await multipart('post', '/api/admin/destinations/', basics, [
        ['main_image', await pngBytes(), 'm.png'],
        ['gallery_images', bomb, 'g.png'],
      ]);
      expect(res.status).toBe(400);
      expect(res.body.errors.gallery_images).toBe('Gallery image 1 is too large: at most 40 megapixels.');
    });

    it('answers multipart limits and odd bodies with JSON 4xx, never 500', async () => {
      const tooMany = multipart('post', '/api/admin/destinations/', basics);
      const png = await pngBytes(8, 8);
      for (let i = 0; i < 41; i += 1) tooMany.attach('gallery_images', png, `g${i}.png`);
      const limit = await tooMany;
      expect(limit.status).toBe(413);
      expect(limit.body).toMatchObject({ statusCode: 413, error: 'Too many files in one request.' });

      const fields = multipart('post', '/api/admin/destinations/', basics);
      for (let i = 0; i < 101; i += 1) fields.field('existing_image_ids', String(i + 1));
      const fieldLimit = await fields;
      expect(fieldLimit.status).toBe(413);
      expect(fieldLimit.body.error).toBe('Too many fields in one request.');

      const malformed = await t
        .http()
        .post('/api/admin/destinations/')
        .set(bearer(admin.token))
        .set('Content-Type', 'multipart/form-data; boundary=XYZ')
        .send('--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nTulum\r\n--XY');
      expect(malformed.status).toBe(400);
      expect(malformed.body.statusCode).toBe(400);

      const unknown = await multipart('post', '/api/admin/destinations/', { ...basics, is_superuser: 'true' }, [
        ['main_image', png, 'm.png'],
      ]);
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ is_superuser: 'Unknown field "is_superuser".' });

      const long = await multipart('post', '/api/admin/destinations/', { ...basics, description: 'x'.repeat(70_000) }, [
        ['main_image', png, 'm.png'],
      ]);
      expect(long.status).toBe(400);
      expect(long.body.error).toBe('Field "description" is too long.');

      const text = await t
        .http()
        .post('/api/admin/destinations/')
        .set(bearer(admin.token))
        .set('Content-Type', 'text/plain')
        .send('hello');
      expect(text.status).toBe(415);

      const json = await t.http().post('/api/admin/destinations/').set(bearer(admin.token)).send(basics);
      expect(json.status).toBe(400);
      expect(json.body.errors).toEqual({ main_image: 'Main image is required' });
    });
  });

  describe('editing images', () => {
    it('keeps the listed images, removes the others (rows and files) and adds new files', async () => {
      const { id, body } = await createWithImages();
      const [keepGallery, dropGallery] = body.gallery_images;
      const [dropHotel1, dropHotel2] = body.hotel_images;
      const res = await multipart(
        'put',
        `/api/admin/destinations/${id}/`,
        { ...basics, name: 'Punta Cana Resort', existing_image_ids: String(keepGallery.id) },
        [
          ['gallery_images', await pngBytes(400, 300), 'new.png'],
          ['hotel_images', await webpBytes(), 'newhotel.webp'],
        ],
      );
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('Punta Cana Resort');
      expect(res.body.main_image).toBe(body.main_image);
      expect(res.body.gallery_images.map((i: { id: number }) => i.id)[0]).toBe(keepGallery.id);
      expect(res.body.gallery_images).toHaveLength(2);
      expect(res.body.hotel_images).toHaveLength(1);
      for (const gone of [dropGallery, dropHotel1, dropHotel2]) {
        const file = fileOf(gone.image);
        expect([file, existsSync(file)]).toEqual([file, false]);
        expect(existsSync(file.replace('.webp', '-800w.webp'))).toBe(false);
        expect(existsSync(file.replace('.webp', '-400w.webp'))).toBe(false);
        expect(await t.dataSource.getRepository(DestinationImage).findOneBy({ id: gone.id })).toBeNull();
      }
      expect(existsSync(fileOf(keepGallery.image))).toBe(true);
      for (const added of [res.body.gallery_images[1], res.body.hotel_images[0]])
        expect(existsSync(fileOf(added.image))).toBe(true);
    });

    it('replaces the main image only when a new file comes, deleting the old files', async () => {
      const { id, body } = await createWithImages();
      const unchanged = await multipart('put', `/api/admin/destinations/${id}/`, {
        name: 'Same main',
        existing_image_ids: body.gallery_images.map((i: { id: number }) => String(i.id)),
        existing_hotel_image_ids: body.hotel_images.map((i: { id: number }) => String(i.id)),
      });
      expect(unchanged.status).toBe(200);
      expect(unchanged.body.main_image).toBe(body.main_image);
      expect(unchanged.body.gallery_images).toEqual(body.gallery_images);
      const replaced = await multipart('put', `/api/admin/destinations/${id}/`, { name: 'New main' }, [
        ['main_image', await pngBytes(900, 500), 'n.png'],
      ]);
      expect(replaced.status).toBe(200);
      expect(replaced.body.main_image).not.toBe(body.main_image);
      expect(existsSync(fileOf(body.main_image))).toBe(false);
      expect(existsSync(fileOf(body.main_image).replace('.webp', '-400w.webp'))).toBe(false);
      expect(existsSync(fileOf(replaced.body.main_image))).toBe(true);
      // A multipart edit that lists no existing ids keeps none (the edit form sends every kept id).
      expect(replaced.body.gallery_images).toEqual([]);
      expect(replaced.body.hotel_images).toEqual([]);
    });

    it('changes only the text with a JSON edit, leaving images alone', async () => {
      const { id, body } = await createWithImages();
      const res = await t
        .http()
        .put(`/api/admin/destinations/${id}`)
        .set(bearer(admin.token))
        .send({ description: 'Updated.', is_priority: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ description: 'Updated.', is_priority: true, name: basics.name });
      expect(res.body.gallery_images).toEqual(body.gallery_images);
      expect(res.body.hotel_images).toEqual(body.hotel_images);
      const blank = await t.http().put(`/api/admin/destinations/${id}`).set(bearer(admin.token)).send({ name: '  ' });
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toEqual({ name: 'Name is required' });
    });

    it('leaves no orphan file and no change when the save fails after the images were staged', async () => {
      const { id, body } = await createWithImages();
      const other = await createWithImages();
      const before = stored();
      const res = await multipart(
        'put',
        `/api/admin/destinations/${id}/`,
        { name: 'Broken', existing_image_ids: String(other.body.gallery_images[0].id) },
        [
          ['main_image', await jpegBytes(), 'm.jpg'],
          ['gallery_images', await pngBytes(), 'g.png'],
        ],
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('existing_image_ids contains images that do not belong to this destination.');
      expect(stored()).toEqual(before);
      expect(staging()).toEqual([]);
      const after = await t.http().get(`/api/admin/destinations/${id}`).set(bearer(admin.token));
      expect(after.body).toMatchObject({
        name: basics.name,
        main_image: body.main_image,
        gallery_images: body.gallery_images,
      });
    });

    it('invalidates the public catalogue cache after every write', async () => {
      const cache = t.app.get(CatalogueCacheService);
      const before = cache.currentGeneration();
      const { id } = await createWithImages();
      await t
        .http()
        .put(`/api/admin/destinations/${id}`)
        .set(bearer(admin.token))
        .send({ name: 'Cached?' })
        .expect(200);
      await t
        .http()
        .post(`/api/admin/destinations/${id}/things-to-do`)
        .set(bearer(admin.token))
        .send({ title: 'A', description: 'B' })
        .expect(201);
      await t.http().delete(`/api/admin/destinations/${id}`).set(bearer(admin.token)).expect(200);
      expect(cache.currentGeneration() - before).toBeGreaterThanOrEqual(4);
    });
  });

  describe('things to do', () => {
    it('adds up to 6 things to do and refuses the 7th', async () => {
      const destination = await seedDestination(t, { name: 'Cancún' });
      const path = `/api/admin/destinations/${destination.id}/things-to-do/`;
      for (let i = 1; i <= 6; i += 1) {
        const res = await t
          .http()
          .post(path)
          .set(bearer(admin.token))
          .send({ title: `  Tour ${i} `, description: 'Fun.' });
        expect(res.status).toBe(201);
        expect(res.body).toEqual({ id: expect.any(Number), title: `Tour ${i}`, description: 'Fun.' });
      }
      const seventh = await t.http().post(path).set(bearer(admin.token)).send({ title: 'Tour 7', description: 'Fun.' });
      expect(seventh.status).toBe(400);
      expect(seventh.body.error).toBe('A destination can have at most 6 things to do.');
      expect(await t.dataSource.getRepository(ThingToDo).countBy({ destination_id: destination.id })).toBe(6);
      const list = await t.http().get(path).set(bearer(admin.token));
      expect(list.body.map((x: { title: string }) => x.title)).toEqual([
        'Tour 1',
        'Tour 2',
        'Tour 3',
        'Tour 4',
        'Tour 5',
        'Tour 6',
      ]);
      const shown = await t.http().get(`/api/admin/destinations/${destination.id}`).set(bearer(admin.token));
      expect(shown.body.things_to_do_count).toBe(6);
    });

    it('checks title and description with the spec messages (whitespace counts as empty)', async () => {
      const destination = await seedDestination(t);
      const path = `/api/admin/destinations/${destination.id}/things-to-do`;
      const cases: Array<[object, Record<string, string>]> = [
        [
          { title: '   ', description: '\n ' },
          { title: 'Title is required', description: 'Description is required' },
        ],
        [{}, { title: 'Title is required', description: 'Description is required' }],
        [
          { title: 't'.repeat(101), description: 'd'.repeat(1501) },
          { title: 'Title cannot exceed 100 characters', description: 'Description cannot exceed 1500 characters' },
        ],
        [{ title: 'ok', description: 'ok', id: 5 }, { id: 'property id should not exist' }],
      ];
      for (const [body, errors] of cases) {
        const res = await t.http().post(path).set(bearer(admin.token)).send(body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual(errors);
      }
      const exact = await t
        .http()
        .post(path)
        .set(bearer(admin.token))
        .send({ title: 't'.repeat(100), description: 'd'.repeat(1500) });
      expect(exact.status).toBe(201);
    });

    it('deletes a thing to do of its own destination only', async () => {
      const a = await seedDestination(t);
      const b = await seedDestination(t);
      const thing = (
        await t
          .http()
          .post(`/api/admin/destinations/${a.id}/things-to-do`)
          .set(bearer(admin.token))
          .send({ title: 'Kayak', description: 'Lagoon.' })
      ).body;
      const wrong = await t
        .http()
        .delete(`/api/admin/destinations/${b.id}/thing-to-do/${thing.id}/`)
        .set(bearer(admin.token));
      expect(wrong.status).toBe(404);
      const res = await t
        .http()
        .delete(`/api/admin/destinations/${a.id}/thing-to-do/${thing.id}/`)
        .set(bearer(admin.token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(thing);
      expect(await t.dataSource.getRepository(ThingToDo).findOneBy({ id: thing.id })).toBeNull();
      const missing = await t
        .http()
        .post('/api/admin/destinations/999999/things-to-do')
        .set(bearer(admin.token))
        .send({ title: 'x', description: 'y' });
      expect(missing.status).toBe(404);
    });
  });

  describe('deleting', () => {
    it('deletes a destination with its image files, things to do and packs', async () => {
      const { id, body } = await createWithImages();
      await t
        .http()
        .post(`/api/admin/destinations/${id}/things-to-do`)
        .set(bearer(admin.token))
        .send({ title: 'Golf', description: 'Course.' })
        .expect(201);
      const pack = await seedPack(t, id);
      const res = await t.http().delete(`/api/admin/destinations/${id}/`).set(bearer(admin.token));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, name: basics.name });
      expect(existsSync(fileOf(body.main_image))).toBe(false);
      for (const image of [...body.gallery_images, ...body.hotel_images])
        expect(existsSync(fileOf(image.image))).toBe(false);
      expect(await t.dataSource.getRepository(DestinationImage).countBy({ destination_id: id })).toBe(0);
      expect(await t.dataSource.getRepository(ThingToDo).countBy({ destination_id: id })).toBe(0);
      expect(await t.dataSource.getRepository(TravelPack).findOneBy({ id: pack.id })).toBeNull();
      expect((await t.http().get(`/api/admin/destinations/${id}`).set(bearer(admin.token))).status).toBe(404);
    });

    it('refuses to delete a destination that has leads (409), alone or in a bulk', async () => {
      const { id, body } = await createWithImages();
      const free = await seedDestination(t, { name: 'Free' });
      await seedLead(t, id);
      const res = await t.http().delete(`/api/admin/destinations/${id}`).set(bearer(admin.token));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(
        'This destination has leads and cannot be deleted. Reassign or delete its leads first.',
      );
      const bulk = await t
        .http()
        .post('/api/admin/destinations/bulk-delete/')
        .set(bearer(admin.token))
        .send({ destination_ids: [free.id, id] });
      expect(bulk.status).toBe(409);
      expect(bulk.body.destinations_with_leads).toEqual([{ id, name: basics.name }]);
      expect(await t.dataSource.getRepository(Destination).countBy({ id: free.id })).toBe(1);
      expect(existsSync(fileOf(body.main_image))).toBe(true);
    });

    it('bulk-deletes all or nothing: one missing id leaves everything in place', async () => {
      const a = await createWithImages();
      const b = await seedDestination(t, { name: 'B' });
      const missing = await t
        .http()
        .post('/api/admin/destinations/bulk-delete')
        .set(bearer(admin.token))
        .send({ destination_ids: [a.id, b.id, 987654] });
      expect(missing.status).toBe(404);
      expect(missing.body.missing_ids).toEqual([987654]);
      expect(await t.dataSource.getRepository(Destination).countBy({ id: a.id })).toBe(1);
      expect(await t.dataSource.getRepository(Destination).countBy({ id: b.id })).toBe(1);
      const ok = await t
        .http()
        .post('/api/admin/destinations/bulk-delete')
        .set(bearer(admin.token))
        .send({ destination_ids: [a.id, b.id] });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ deleted: 2 });
      expect(existsSync(fileOf(a.body.main_image))).toBe(false);
      const empty = await t
        .http()
        .post('/api/admin/destinations/bulk-delete')
        .set(bearer(admin.token))
        .send({ destination_ids: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe('Select at least one of the destinations.');
    });
  });
});
