import { BooleanInput, PasswordInput, TextInput } from 'react-admin';
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
      <TextInput
        source="phone"
        type="tel"
        parse={phoneDigits}
        validate={rule(rules.phone)}
        helperText="app.agents.phone_help"
      />
      {!creating && <VerifiedInput />}
      {!creating && <BooleanInput source="receives_leads" validate={rule(UPDATE_AGENT_RULES.receives_leads)} />}
      <PasswordInput
        source="password"
        validate={rule(rules.password)}
        helperText={creating ? 'app.agents.password_new_help' : 'app.agents.password_edit_help'}
      />
      <PasswordInput source="confirm_password" validate={rule(rules.confirm_password)} />
    </>
  );
}
