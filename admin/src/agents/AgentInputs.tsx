import { PasswordInput, TextInput } from 'react-admin';
import { CREATE_AGENT_RULES, UPDATE_AGENT_RULES } from '@shared/rules/admin-user';
import { NameInputs, ReadOnlyEmail, VerifiedInput } from '../common/PersonInputs';
import { rule } from '../common/rules';

const phoneDigits = (value: string) => (value ?? '').replace(/\D/g, '');

export function AgentInputs({ creating }: { creating?: boolean }) {
  const rules = creating ? CREATE_AGENT_RULES : UPDATE_AGENT_RULES;
  return (
    <>
      <NameInputs rules={rules} required={creating} />
      {creating ? <TextInput source="email" type="email" validate={rule(rules.email, true)} /> : <ReadOnlyEmail />}
      <TextInput source="phone" type="tel" parse={phoneDigits} validate={rule(rules.phone)} helperText="10 digits" />
      {!creating && <VerifiedInput />}
      <PasswordInput
        source="password"
        validate={rule(rules.password)}
        helperText={creating ? 'Without a password the agent cannot sign in yet.' : 'Leave empty to keep the password.'}
      />
      <PasswordInput source="confirm_password" label="Confirm password" validate={rule(rules.confirm_password)} />
    </>
  );
}
