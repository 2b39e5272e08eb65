import { Edit, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { PackInputs, packPayload } from './PackInputs';

export function PackEdit() {
  const onError = useSaveFailure('app.save_errors.packs_update');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onError }} transform={packPayload} redirect="list">
      <SimpleForm toolbar={<SaveToolbar />}>
        <PackInputs />
      </SimpleForm>
    </Edit>
  );
}
