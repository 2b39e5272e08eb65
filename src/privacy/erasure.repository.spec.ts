import { ERASED, eraseWords, scrubChanges } from './erasure.repository';

describe('erasure scrubbing', () => {
  it('erases whole words only, case-insensitively, longest first', () => {
    const words = ['ana', 'ruiz', 'ana ruiz', 'ana@example.com'];
    expect(eraseWords('Hola Ana Ruiz (ana@example.com), Anabel no', words)).toBe(
      `Hola ${ERASED} (${ERASED}), Anabel no`,
    );
    expect(eraseWords('Llamar a ANA', words)).toBe(`Llamar a ${ERASED}`);
  });

  it('an entry about the person’s record loses its personal fields’ values; another only the person’s words', () => {
    const changes = JSON.stringify({ phone: ['5551', '5552'], status: ['new', 'won'], title: [null, 'Llamar a Ana'] });
    expect(JSON.parse(scrubChanges(changes, ['ana'], true))).toEqual({
      phone: [ERASED, ERASED],
      status: ['new', 'won'],
      title: [null, ERASED],
    });
    const other = JSON.stringify({ email: ['ana@example.com', 'otra@example.com'], filter: { q: 'ana@example.com' } });
    expect(JSON.parse(scrubChanges(other, ['ana@example.com'], false))).toEqual({
      email: [ERASED, 'otra@example.com'],
      filter: { q: ERASED },
    });
    // Nothing of the person: the text stays as written.
    const untouched = '{"status": ["new", "won"]}';
    expect(scrubChanges(untouched, ['ana'], false)).toBe(untouched);
  });
});
