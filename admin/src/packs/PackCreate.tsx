import { Create, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { PackInputs, packPayload } from './PackInputs';

export function PackCreate() {
  const onError = useSaveFailure('app.save_errors.packs_create');
  return (
    <Create mutationOptions={{ onError }} transform={packPayload} redirect="list">
      <SimpleForm toolbar={<SaveToolbar />} defaultValues={{ amenities: [], features: [], is_featured: false }}>
        <PackInputs />
      </SimpleForm>
    </Create>
  );
}
