import { Create, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { AgentInputs } from './AgentInputs';

export function AgentCreate() {
  const onError = useSaveFailure('app.save_errors.agents_create');
  return (
    <Create redirect="show" mutationOptions={{ onError }}>
      <SimpleForm toolbar={<SaveToolbar />}>
        <AgentInputs creating />
      </SimpleForm>
    </Create>
  );
}
