import { BooleanInput, TextInput } from 'react-admin';
import { UPDATE_USER_RULES } from '@shared/rules/admin-user';
import { NameInputs, ReadOnlyEmail, VerifiedInput } from '../common/PersonInputs';
import { rule } from '../common/rules';

export function UserInputs() {
  return (
    <>
      <NameInputs rules={UPDATE_USER_RULES} />
      <ReadOnlyEmail />
      <TextInput
        source="phone"
        type="tel"
        parse={(v: string) => (v ?? '').replace(/\D/g, '')}
        validate={rule(UPDATE_USER_RULES.phone)}
      />
      <VerifiedInput />
      <BooleanInput source="is_superuser" label="app.common.administrator" />
    </>
  );
}
