import { Create, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { leadCreatePayload, LeadInputs } from './LeadInputs';

export function LeadCreate() {
  const onError = useSaveFailure('app.save_errors.leads_create', false);
  return (
    <Create mutationOptions={{ onError }} transform={leadCreatePayload} redirect="show">
      <SimpleForm toolbar={<SaveToolbar />}>
        <LeadInputs creating />
      </SimpleForm>
    </Create>
  );
}
