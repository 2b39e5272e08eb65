import { Edit, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { LeadInputs, leadUpdatePayload } from './LeadInputs';

export function LeadEdit() {
  const onError = useSaveFailure('app.save_errors.leads_update');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onError }} transform={leadUpdatePayload} redirect="show">
      <SimpleForm toolbar={<SaveToolbar />}>
        <LeadInputs />
      </SimpleForm>
    </Edit>
  );
}
