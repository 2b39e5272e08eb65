import { AccountLimitsService, LOGIN_LOCK_MS } from './account-limits.service';
import { SlidingWindow } from './sliding-window';

describe('SlidingWindow', () => {
  it('counts events inside the window only and purges idle keys', () => {
    const w = new SlidingWindow(3, 1000);
    w.record('k', 0);
    w.record('k', 500);
    expect(w.isOver('k', 600)).toBe(false);
    w.record('k', 900);
    expect(w.isOver('k', 950)).toBe(true);
    expect(w.count('k', 1400)).toBe(2);
    w.purge(5000);
    expect(w.size).toBe(0);
  });
});

describe('AccountLimitsService', () => {
  it('locks an e-mail for 15 minutes after the fifth failure, then forgets it', () => {
    const limits = new AccountLimitsService();
    for (let i = 0; i < 4; i++) limits.recordLoginFailure('a@b.co', 1000 + i);
    expect(limits.isLoginLocked('a@b.co', 2000)).toBe(false);
    limits.recordLoginFailure('a@b.co', 2000);
    expect(limits.isLoginLocked('a@b.co', 2000 + LOGIN_LOCK_MS - 1)).toBe(true);
    expect(limits.isLoginLocked('b@b.co', 2000)).toBe(false);
    expect(limits.isLoginLocked('a@b.co', 2000 + LOGIN_LOCK_MS)).toBe(false);
  });
});
