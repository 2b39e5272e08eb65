import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { Destination } from '../src/catalogue/entities/destination.entity';
import { bearer, jpegBytes, pngBytes, seedDestination } from './support/admin-fixtures';
import { fuzzParams, plausibleHostile, tableCounts } from './support/fuzz-values';
import { seedVerified } from './support/leads';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * Bad input, part 3: hostile uploads to the back-office destination forms, and hostile text
 * stored through the public forms coming back as inert data.
 */

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A well-formed PNG header announcing width × height pixels (a decompression bomb's calling card). */
function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

describe('bad input: uploads and stored text', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let admin: CreatedUser;
  let uploadDir: string;
  let validPng: Buffer;
  let validJpeg: Buffer;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    uploadDir = t.config.uploadDir;
    validPng = await pngBytes(64, 48);
    validJpeg = await jpegBytes(64, 48);
    editableId = (await seedDestination(t, { name: 'Editable by uploads' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every file outside UPLOAD_DIR's visible tree that an upload might have written. */
  const strayFiles = () =>
    listFiles(t.tmpDir).filter(
      (f) => relative(uploadDir, f).startsWith('..') && !/\/(site|admin|outbox|data)\//.test(f),
    );

  let editableId: number;
  const createDestination = (
    main: { bytes: Buffer; filename: string; contentType?: string },
    extra: Array<{ bytes: Buffer; filename: string; field: string }> = [],
    method: 'post' | 'put' = 'post',
  ) => {
    const req = t
      .http()
      [method](method === 'post' ? '/api/admin/destinations/' : `/api/admin/destinations/${editableId}/`)
      .set(bearer(admin.token))
      .field('name', 'Upload test')
      .field('location', 'Caribe')
      .field('description', 'Prueba')
      .attach('main_image', main.bytes, { filename: main.filename, contentType: main.contentType ?? 'image/png' });
    for (const file of extra) req.attach(file.field, file.bytes, { filename: file.filename, contentType: 'image/png' });
    return req;
  };

  it('accepts a genuine image (the baseline), storing it under UPLOAD_DIR with a name of its own', async () => {
    const res = await createDestination({ bytes: validPng, filename: 'playa.png' });
    expect(res.status).toBe(201);
    const stored = (await t.dataSource.getRepository(Destination).findOneByOrFail({ id: res.body.id })).main_image!;
    expect(stored).not.toContain('playa');
    expect(stored).not.toMatch(/\.\.|^\//);
    expect(existsSync(resolve(uploadDir, stored))).toBe(true);
  });

  it.each([
    ['a path-traversal file name', () => ({ bytes: validPng, filename: '../../etc/passwd.png' })],
    ['an absolute file name', () => ({ bytes: validPng, filename: '/tmp/owned.png' })],
    [
      'a Windows-style traversal',
      () => ({ bytes: validJpeg, filename: '..\\..\\..\\owned.jpg', contentType: 'image/jpeg' }),
    ],
    ['a NUL byte in the name', () => ({ bytes: validPng, filename: 'x.php\u0000.png' })],
  ])('never writes outside UPLOAD_DIR for %s (stores it under its own name, or refuses it)', async (_what, file) => {
    const before = new Set(listFiles(uploadDir));
    const res = await createDestination(file());
    expect(res.status).toBeLessThan(500);
    expect(strayFiles()).toEqual([]);
    expect(existsSync('/tmp/owned.png')).toBe(false);
    expect(existsSync(resolve(uploadDir, '../../etc/passwd.png'))).toBe(false);
    for (const f of listFiles(uploadDir).filter((f) => !before.has(f))) {
      expect(relative(uploadDir, f)).not.toMatch(/^\.\.|passwd|owned|php/);
      expect(f.endsWith('.webp')).toBe(true);
    }
  });

  it.each([
    [
      'a shell script renamed .png',
      () => ({ bytes: Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'), filename: 'x.png' }),
    ],
    [
      'an HTML page renamed .jpg',
      () => ({
        bytes: Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        filename: 'x.jpg',
        contentType: 'image/jpeg',
      }),
    ],
    [
      'an SVG with a script',
      () => ({
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        filename: 'x.svg',
        contentType: 'image/svg+xml',
      }),
    ],
    [
      'an SVG renamed .png',
      () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), filename: 'x.png' }),
    ],
    [
      'a GIF',
      () => ({
        bytes: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
        filename: 'x.gif',
        contentType: 'image/gif',
      }),
    ],
    [
      'a PNG header claiming 100000 x 100000 pixels',
      () => ({ bytes: pngClaiming(100_000, 100_000), filename: 'bomb.png' }),
    ],
    ['a PNG header claiming 1 x 2^31 pixels', () => ({ bytes: pngClaiming(1, 2 ** 31 - 1), filename: 'tall.png' })],
    ['a truncated PNG (valid signature, no data)', () => ({ bytes: validPng.subarray(0, 40), filename: 'cut.png' })],
    ['an empty file', () => ({ bytes: Buffer.alloc(0), filename: 'empty.png' })],
    ['a file over 2 MB', () => ({ bytes: Buffer.concat([validPng, Buffer.alloc(2_200_000)]), filename: 'big.png' })],
  ])('refuses %s with a 4xx, on create and on edit, storing nothing', async (_what, file) => {
    for (const method of ['post', 'put'] as const) {
      const counts = await tableCounts(t);
      const before = await t.dataSource.getRepository(Destination).findOneByOrFail({ id: editableId });
      const files = listFiles(uploadDir).filter((f) => !f.includes('/.staging/')).length;
      const res = await createDestination(file(), [], method);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(await tableCounts(t)).toEqual(counts);
      expect(listFiles(uploadDir).filter((f) => !f.includes('/.staging/')).length).toBe(files);
      expect(strayFiles()).toEqual([]);
      expect(await t.dataSource.getRepository(Destination).findOneByOrFail({ id: editableId })).toEqual(before);
    }
  });

  it('refuses a hostile gallery image even when the main image is fine, storing nothing', async () => {
    const counts = await tableCounts(t);
    const res = await createDestination({ bytes: validPng, filename: 'ok.png' }, [
      { field: 'gallery_images', bytes: validPng, filename: 'ok2.png' },
      { field: 'gallery_images', bytes: Buffer.from('<?php system($_GET["c"]); ?>'), filename: 'shell.png' },
    ]);
    expect(res.status).toBe(400);
    expect(await tableCounts(t)).toEqual(counts);
  });

  it('refuses more files than the form allows with a 4xx', async () => {
    const extra = Array.from({ length: 45 }, (_, i) => ({
      field: 'gallery_images',
      bytes: validPng,
      filename: `g${i}.png`,
    }));
    const res = await createDestination({ bytes: validPng, filename: 'ok.png' }, extra);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('serves what it stored as a re-encoded WebP image, never as something a browser would run', async () => {
    const polyglot = Buffer.concat([validPng, Buffer.from('<script>alert(1)</script>')]);
    const res = await createDestination({ bytes: polyglot, filename: 'poly.png' });
    expect(res.status).toBeLessThan(500);
    if (res.status !== 201) return;
    const stored = (await t.dataSource.getRepository(Destination).findOneByOrFail({ id: res.body.id })).main_image!;
    const served = await t.http().get(`/uploads/${stored}`);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(readFileSync(resolve(uploadDir, stored)).includes(Buffer.from('<script>'))).toBe(false);
  });

  it('answers hostile text fields and id lists in the multipart form with 2xx or 4xx, storing nothing when it refuses', async () => {
    const destination = await seedDestination(t, { name: 'Editable' });
    const fields = [
      'name',
      'location',
      'description',
      'status',
      'is_priority',
      'existing_image_ids',
      'existing_hotel_image_ids',
      'unknown_field',
    ];
    const result = await fc.check(
      fc.asyncProperty(
        fc.constantFrom('post', 'put'),
        fc.dictionary(fc.constantFrom(...fields), fc.array(plausibleHostile, { minLength: 1, maxLength: 3 }), {
          minKeys: 1,
          maxKeys: 3,
        }),
        async (method, values) => {
          const counts = await tableCounts(t);
          const req = t
            .http()
            [method as 'post' | 'put'](
              method === 'post' ? '/api/admin/destinations/' : `/api/admin/destinations/${destination.id}/`,
            )
            .set(bearer(admin.token));
          const base: Record<string, string> = { name: 'Fuzz', location: 'Caribe', description: 'Prueba' };
          for (const [k, v] of Object.entries(base)) if (!(k in values)) req.field(k, v);
          for (const [k, list] of Object.entries(values))
            for (const v of list) req.field(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
          req.attach('main_image', validPng, { filename: 'ok.png', contentType: 'image/png' });
          const res = await req;
          if (res.status >= 500) return false;
          if (res.status >= 400) expect(await tableCounts(t)).toEqual(counts);
          return true;
        },
      ),
      fuzzParams(Math.ceil(fuzzParams().numRuns! / 2)),
    );
    expect(result.failed ? `failed: ${JSON.stringify(result.counterexample)} (seed ${result.seed})` : 'ok').toBe('ok');
    expect(strayFiles()).toEqual([]);
  });
});

describe('bad input: hostile text comes back as data', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let destinationId: number;
  const SCRIPT = '<script>alert(1)</script>';
  const IMG = '"><img src=x onerror=alert(1)>';
  const FORMULA = '=HYPERLINK("http://evil.example","x")';

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    destinationId = (await seedDestination(t)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a lead named <script> and returns it verbatim as JSON, to the visitor and the back-office', async () => {
    await seedVerified(t, ['xss@example.com']);
    const created = await t.http().post('/api/leads/').send({
      first_name: SCRIPT,
      last_name: IMG,
      email: 'xss@example.com',
      phone: '5551234567',
      destination: destinationId,
      source: 'email_verification',
    });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.body.first_name).toBe(SCRIPT);
    expect(created.body.last_name).toBe(IMG);

    const one = await t
      .http()
      .get(`/api/admin/leads/${created.body.id}`)
      .set(bearer(admin.token))
      .set('Accept', 'text/html');
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toMatch(/^application\/json/);
    expect(one.headers['x-content-type-options']).toBe('nosniff');
    expect(one.body.first_name).toBe(SCRIPT);
    const list = await t.http().get('/api/admin/leads').set(bearer(admin.token));
    expect(list.body.map((l: { first_name: string }) => l.first_name)).toContain(SCRIPT);
  });

  it('neutralises spreadsheet formulas in the CSV export and serves it as a download', async () => {
    await seedVerified(t, ['formula@example.com']);
    const created = await t.http().post('/api/leads/').send({
      first_name: FORMULA,
      last_name: '+cmd',
      email: 'formula@example.com',
      phone: '5551234567',
      destination: destinationId,
      source: 'email_verification',
    });
    expect(created.status).toBe(201);
    const csv = await t.http().get('/api/admin/leads/export').set(bearer(admin.token));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    const cells = csv.text.split(/[\n,]/).map((c) => c.replace(/^"|"$/g, ''));
    expect(cells.filter((c) => /^[=+\-@]/.test(c) && !/^-?\d/.test(c))).toEqual([]);
  });

  it('keeps a contact message with markup as text', async () => {
    const res = await t
      .http()
      .post('/api/contact/submit/')
      .send({ firstName: SCRIPT, lastName: 'Torres', email: 'contact-xss@example.com', message: `${IMG} ${SCRIPT}` });
    expect(res.status).toBe(201);
    const rows = (await t.dataSource.query(
      "SELECT message FROM contact_messages WHERE email = 'contact-xss@example.com'",
    )) as Array<{ message: string }>;
    expect(rows[0].message).toBe(`${IMG} ${SCRIPT}`);
  });

  it('returns a pack named with markup verbatim in the public catalogue JSON', async () => {
    const pack = await t.http().post('/api/admin/packs/').set(bearer(admin.token)).send({
      name: SCRIPT,
      description: IMG,
      price: 100,
      destination_id: destinationId,
      available_from: '2031-01-01',
      available_to: '2031-01-10',
    });
    expect(pack.status).toBe(201);
    const list = await t.http().get('/api/travel-packs/').set('Accept', 'text/html,application/json');
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.stringify(list.body)).toContain(JSON.stringify(SCRIPT).slice(1, -1));
  });

  it('has no raw-HTML escape hatch in the site or the back-office source', () => {
    const root = resolve(__dirname, '..');
    const sources = ['site/src', 'admin/src']
      .flatMap((d) => listFiles(join(root, d)))
      .filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.test\./.test(f));
    expect(sources.length).toBeGreaterThan(0);
    const offenders = sources.filter((f) =>
      /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML|document\.write\(|new Function\(|\beval\(/.test(
        readFileSync(f, 'utf8'),
      ),
    );
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
    expect(dirname(root)).toBeTruthy();
  });
});
