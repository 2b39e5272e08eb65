import { Edit, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { AgentInputs } from './AgentInputs';

export function AgentEdit() {
  const onError = useSaveFailure('app.save_errors.agents_update', false);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onError }}>
      <SimpleForm toolbar={<SaveToolbar />}>
        <AgentInputs />
      </SimpleForm>
    </Edit>
  );
}
