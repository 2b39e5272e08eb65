import { setTimeout as sleep } from 'node:timers/promises';
import { runInTransaction } from '../src/database/transactions';
import { ContactMessage } from '../src/contact/entities/contact-message.entity';
import { User } from '../src/users/entities/user.entity';
import { bootTestApp, createUser, TestApp } from './support/test-app';

describe('writes from concurrent requests stay independent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a profile edit made while another transaction is open and then rolled back', async () => {
    const { user, token } = await createUser(t);
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const failing = runInTransaction(t.dataSource, async (em) => {
      await em.getRepository(ContactMessage).insert({
        first_name: 'Roll',
        last_name: 'Back',
        email: 'rollback@example.com',
        phone: null,
        message: 'this transaction fails',
      });
      inside();
      await sleep(300);
      throw new Error('simulated failure');
    }).catch((e: Error) => e.message);

    await opened;
    const edit = await t
      .http()
      .put(`/api/users/user/${user.id}/`)
      .set('Authorization', `Bearer ${token}`)
      .send({ first_name: 'Kept', last_name: 'Edit', phone: '5551112222' });
    expect(edit.status).toBe(200);
    expect(await failing).toBe('simulated failure');

    const stored = await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
    expect(stored.first_name).toBe('Kept');
    expect(await t.dataSource.getRepository(ContactMessage).countBy({ email: 'rollback@example.com' })).toBe(0);
  });
});
