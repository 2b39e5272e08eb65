import { LIST_COUNT_CAP } from '@shared/api/admin';
import { describe, expect, it } from 'vitest';
import { totalText } from './ListPagination';

describe('totalText', () => {
  it('reads the cap the server sent as a floor, and any total below it as exact', () => {
    expect(totalText(LIST_COUNT_CAP)).toBe(`${LIST_COUNT_CAP}+`);
    expect(totalText(LIST_COUNT_CAP - 1)).toBe(String(LIST_COUNT_CAP - 1));
    expect(totalText(0)).toBe('0');
  });
});
