import { In } from 'typeorm';
import { Lead } from '../src/leads/entities/lead.entity';
import { LIST_COUNT_CAP } from '../shared/api/admin';
import { bearer, seedDestination } from './support/admin-fixtures';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/** A list counts its matches up to LIST_COUNT_CAP, says so with a "+", and still pages past it. */
describe('admin lists: the count stops at the cap', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let admin: CreatedUser;
  const over = LIST_COUNT_CAP + 10;

  const list = (params: Record<string, unknown>) =>
    t
      .http()
      .get(
        `/api/admin/leads?${Object.entries(params)
          .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
          .join('&')}`,
      )
      .set(bearer(admin.token));

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    const destination = await seedDestination(t, { name: 'Punta Cana' });
    const rows = Array.from({ length: over }, (_, i) => ({
      first_name: 'Tope',
      last_name: `Lista ${i}`,
      email: `tope${i}@cap.example`,
      phone: '5550000000',
      destination_id: destination.id,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.dataSource.getRepository(Lead).insert(rows.slice(i, i + 500));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the cap with a "+" past it, and the page all the same', async () => {
    const first = await list({ sort: ['id', 'ASC'], range: [0, 24] });
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(25);
    expect(first.headers['content-range']).toBe(`leads 0-24/${LIST_COUNT_CAP}+`);
    // ra-data-simple-rest reads the total with parseInt: the cap.
    expect(parseInt(String(first.headers['content-range'].split('/').pop()), 10)).toBe(LIST_COUNT_CAP);
    // A page past the cap is still served, in order.
    const all = await t.dataSource.getRepository(Lead).find({ select: { id: true }, order: { id: 'ASC' } });
    const tail = await list({ sort: ['id', 'ASC'], range: [LIST_COUNT_CAP, LIST_COUNT_CAP + 24] });
    expect(tail.body.map((l: { id: number }) => l.id)).toEqual(all.slice(LIST_COUNT_CAP).map((l) => l.id));
    expect(tail.headers['content-range']).toBe(`leads ${LIST_COUNT_CAP}-${over - 1}/${LIST_COUNT_CAP}+`);
  });

  it('counts exactly up to the cap itself, and any filter below it', async () => {
    const all = await t.dataSource.getRepository(Lead).find({ select: { id: true }, order: { id: 'ASC' } });
    await t.dataSource.getRepository(Lead).update({ id: In(all.slice(0, 10).map((l) => l.id)) }, { status: 'lost' });
    const atCap = await list({ filter: { status: 'new' }, range: [0, 9] });
    expect(atCap.headers['content-range']).toBe(`leads 0-9/${LIST_COUNT_CAP}`);
    const few = await list({ filter: { status: 'lost' }, range: [0, 24] });
    expect(few.headers['content-range']).toBe('leads 0-9/10');
    expect(few.body).toHaveLength(10);
  });
});
