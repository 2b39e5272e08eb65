import { sentGroups } from './outbox.repository';

describe('sent marks in groups', () => {
  it('writes every id once per group, in statements of a few fixed sizes, padded with the last id', () => {
    const sizes = new Set<number>();
    for (let n = 1; n <= 130; n += 1) {
      const ids = Array.from({ length: n }, (_, i) => 1000 + i);
      const groups = sentGroups(ids);
      expect(new Set(groups.flat())).toEqual(new Set(ids));
      expect(groups).toHaveLength(Math.ceil(n / 50));
      for (const group of groups) {
        sizes.add(group.length);
        const distinct = [...new Set(group)];
        // Padding repeats only the group's last id, after its own ids.
        expect(group.slice(0, distinct.length)).toEqual(distinct);
        expect(new Set(group.slice(distinct.length - 1))).toEqual(new Set([distinct[distinct.length - 1]]));
      }
    }
    expect([...sizes].sort((a, b) => a - b)).toEqual([1, 2, 5, 10, 20, 50]);
  });

  it('writes nothing for no id', () => {
    expect(sentGroups([])).toEqual([]);
  });
});
