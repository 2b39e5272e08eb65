import { Edit, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { PackInputs, packPayload } from './PackInputs';

export function PackEdit() {
  const onError = useSaveFailure('Error updating pack. Please try again.');
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onError }} transform={packPayload} redirect="list">
      <SimpleForm toolbar={<SaveToolbar />}>
        <PackInputs />
      </SimpleForm>
    </Edit>
  );
}
