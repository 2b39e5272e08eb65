import type { FieldRule } from '@shared/rules/form';
import type { FieldValues, Path, RegisterOptions } from 'react-hook-form';

/**
 * react-hook-form options that run the shared rule of a field (the same function the server
 * applies), so the form and the API agree on every message.
 */
export function ruleOf<V extends FieldValues, N extends Path<V> = Path<V>>(
  rules: Partial<Record<string, FieldRule<any>>>,
  name: N,
): RegisterOptions<V, N> {
  const rule = rules[name];
  return { validate: (value, values) => rule?.(value, values) ?? true };
}
