import { BooleanInput, TextInput } from 'react-admin';
import type { FieldRule } from '@shared/rules/form';
import { capitalizeFirst } from '@shared/rules/admin-user';
import { LIMITS } from '@shared/limits';
import { rule } from './rules';

/** Names get their first letter capitalised as they are typed (the spec's admin edit rule). */
const capitalise = (value: string) => (value ? value.charAt(0).toLocaleUpperCase('es') + value.slice(1) : value);

export function NameInputs({ rules, required }: { rules: Record<string, FieldRule>; required?: boolean }) {
  const props = { parse: capitalise, slotProps: { htmlInput: { maxLength: LIMITS.adminName.max } } };
  return (
    <>
      <TextInput source="first_name" validate={rule(rules.first_name, required)} {...props} />
      <TextInput source="last_name" validate={rule(rules.last_name, required)} {...props} />
    </>
  );
}

export function ReadOnlyEmail() {
  return <TextInput source="email" readOnly helperText="app.common.email_readonly" />;
}

export function VerifiedInput() {
  return <BooleanInput source="is_active" />;
}

export { capitalizeFirst };
