import { describe, expect, it } from 'vitest';
import { formatUsd } from './money';

describe('formatUsd', () => {
  it('writes whole dollars with thousands separators and cents only when there are some', () => {
    expect(formatUsd(779)).toBe('$779');
    expect(formatUsd(1299)).toBe('$1,299');
    expect(formatUsd(9999.99)).toBe('$9,999.99');
    expect(formatUsd(1234567.5)).toBe('$1,234,567.50');
    expect(formatUsd(0.1 + 0.2)).toBe('$0.30');
  });
});
