import { diffForAudit, snapshotForAudit } from './audit.service';

describe('audit changes', () => {
  it('lists only the fields that changed, old → new; dates by time, lists by their contents', () => {
    const when = new Date('2026-01-02T03:04:05Z');
    expect(
      diffForAudit(
        { name: 'A', price: 5, at: new Date(when), tags: ['x'], notes: null, same: 1 },
        { name: 'B', price: 5, at: when, tags: ['x', 'y'], notes: undefined, same: 1 },
      ),
    ).toEqual({ name: ['A', 'B'], tags: [['x'], ['x', 'y']] });
  });

  it('hides the values of secret fields but tells they changed', () => {
    expect(diffForAudit({ password_hash: 'old' }, { password_hash: 'new' })).toEqual({
      password_hash: ['[oculto]', '[oculto]'],
    });
    expect(snapshotForAudit({ email: 'a@b.c', token: 't', phone: '' }, ['email', 'token', 'phone'], 'created')).toEqual(
      {
        email: [null, 'a@b.c'],
        token: [null, '[oculto]'],
      },
    );
    expect(snapshotForAudit({ name: 'X', notes: null }, ['name', 'notes'], 'deleted')).toEqual({ name: ['X', null] });
  });
});
