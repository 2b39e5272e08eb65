import { ValueTransformer } from 'typeorm';

/** DECIMAL columns come back as strings from mysql2: expose them as numbers. */
export const decimalTransformer: ValueTransformer = {
  to: (value: number | null | undefined) => (value === undefined ? undefined : value),
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};
