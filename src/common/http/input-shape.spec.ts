import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';
import { INPUT_SHAPE, INPUT_TOO_DEEP, INPUT_TOO_WIDE, inputShapeProblem, jsonTextShapeProblem } from './input-shape';

/** Every .ts file under `dir` whose path has a `dto` folder in it. */
function dtoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return dtoFiles(path);
    return /[\\/]dto[\\/][^\\/]+\.ts$/.test(path) && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));

describe('input shape', () => {
  it('fits every DTO of the API: no route accepts more keys than the limit', () => {
    const files = dtoFiles(join(__dirname, '../..'));
    expect(files.length).toBeGreaterThan(10);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads every DTO class so its rules register
    for (const file of files) require(file);
    const storage = getMetadataStorage() as unknown as {
      validationMetadatas: Map<unknown, Array<{ propertyName: string }>>;
    };
    const widths = [...storage.validationMetadatas.entries()].map(
      ([target, rules]) =>
        [(target as { name?: string }).name, new Set(rules.map((r) => r.propertyName)).size] as const,
    );
    expect(widths.length).toBeGreaterThan(20);
    for (const [name, width] of widths)
      expect({ name, fits: width <= INPUT_SHAPE.maxKeysPerObject }).toEqual({ name, fits: true });
  });

  it('refuses wide objects, long lists and deep nesting, and takes the widest accepted input', () => {
    expect(inputShapeProblem({ a: keys(INPUT_SHAPE.maxKeysPerObject) })).toBeNull();
    expect(inputShapeProblem({ a: keys(INPUT_SHAPE.maxKeysPerObject + 1) })).toBe(INPUT_TOO_WIDE);
    expect(inputShapeProblem({ ids: Array.from({ length: 1000 }, (_, i) => i) })).toBeNull();
    expect(inputShapeProblem({ ids: Array.from({ length: INPUT_SHAPE.maxValues + 1 }, (_, i) => i) })).toBe(
      INPUT_TOO_WIDE,
    );
    let deep: unknown = 1;
    for (let i = 0; i < INPUT_SHAPE.maxDepth + 1; i += 1) deep = [deep];
    expect(inputShapeProblem(deep)).toBe(INPUT_TOO_DEEP);
  });

  it('reads the same verdict off raw JSON text as off the parsed value, strings with brackets and quotes included', () => {
    const text = fc.string({ unit: fc.constantFrom('a', '{', '}', '[', ']', ':', ',', '"', '\\', ' ') });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        text,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 80 }),
        fc.dictionary(text, tie('node'), { maxKeys: 80 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(jsonTextShapeProblem(JSON.stringify(v))).toBe(inputShapeProblem(v));
      }),
      { numRuns: 300 },
    );
    const wide = { a: keys(INPUT_SHAPE.maxKeysPerObject + 1) };
    expect(jsonTextShapeProblem(JSON.stringify(wide, null, 2))).toBe(INPUT_TOO_WIDE);
    expect(jsonTextShapeProblem('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBeNull();
  });
});
