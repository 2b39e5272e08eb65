import type { ChangeEvent } from 'react';

/** Props for a controlled MUI TextField bound to one key of a form state. */
export function bindField<T extends Record<string, string>>(
  name: keyof T & string,
  values: T,
  setValues: (next: T) => void,
  errors: Partial<Record<string, string>>,
) {
  return {
    name,
    id: name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: e.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    fullWidth: true,
  };
}
