import { seedDestination, seedPack } from './support/admin-fixtures';
import { bootTestApp, createUser, CreatedUser, TestApp } from './support/test-app';

/**
 * Inputs the fuzzers found answering 500 (fixed cases stay here as regressions). Each should be
 * refused with a 4xx field error, or accepted, and must never reach the database as a constraint failure.
 */
describe('bad input: cases found by fuzzing', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let customer: CreatedUser;
  let destinationId: number;
  let packId: number;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await createUser(t, { admin: true });
    customer = await createUser(t);
    destinationId = (await seedDestination(t)).id;
    packId = (await seedPack(t, destinationId)).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 400 to input nested 2,000 levels deep (class-transformer overflowed the stack)', async () => {
    const res = await t
      .http()
      .post('/api/contact/submit/')
      .set('Content-Type', 'application/json')
      .send(`{"a":${'['.repeat(2000)}${']'.repeat(2000)}}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Request body is nested too deeply.');
  });

  it('answers a null phone on the profile with 2xx or 400, not 500 (NOT NULL constraint failed: users.phone)', async () => {
    const res = await t
      .http()
      .put(`/api/users/user/${customer.user.id}/`)
      .set('Authorization', `Bearer ${customer.token}`)
      .send({ first_name: 'Ana', last_name: 'Torres', phone: null });
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    ['agent_id', ''],
    ['travel_pack_id', ''],
  ])(
    'answers an admin lead with %s = %j with 2xx or 400, not 500 (FOREIGN KEY constraint failed)',
    async (field, value) => {
      const res = await t
        .http()
        .post('/api/admin/leads/')
        .set('Authorization', `Bearer ${admin.token}`)
        .send({
          first_name: 'Ana',
          last_name: 'Torres',
          email: 'ana@example.com',
          phone: '5551234567',
          destination_id: destinationId,
          travel_pack_id: packId,
          [field]: value,
        });
      expect(res.status).toBeLessThan(500);
    },
  );

  it.each([
    ['agent_id', ''],
    ['travel_pack_id', ''],
  ])('answers an admin lead edit with %s = %j with 2xx or 400, not 500', async (field, value) => {
    const created = await t.http().post('/api/admin/leads/').set('Authorization', `Bearer ${admin.token}`).send({
      first_name: 'Ana',
      last_name: 'Torres',
      email: 'edit@example.com',
      phone: '5551234567',
      destination_id: destinationId,
    });
    expect(created.status).toBe(201);
    const res = await t
      .http()
      .put(`/api/admin/leads/${created.body.id}/`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ [field]: value });
    expect(res.status).toBeLessThan(500);
  });

  it('answers an admin lead edit with a blank date (" ") with 2xx or 400, never 500 (MariaDB: incorrect date value) nor a stored non-date', async () => {
    const created = await t.http().post('/api/admin/leads/').set('Authorization', `Bearer ${admin.token}`).send({
      first_name: 'Ana',
      last_name: 'Torres',
      email: 'blank-date@example.com',
      phone: '5551234567',
      destination_id: destinationId,
    });
    expect(created.status).toBe(201);
    const res = await t
      .http()
      .put(`/api/admin/leads/${created.body.id}/`)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ date: ' ' });
    expect(res.status).toBeLessThan(500);
    const [row] = (await t.dataSource.query(`SELECT date FROM leads WHERE id = ${Number(created.body.id)}`)) as Array<{
      date: unknown;
    }>;
    expect(row.date === null || /^\d{4}-\d{2}-\d{2}$/.test(String(row.date))).toBe(true);
  });
});
