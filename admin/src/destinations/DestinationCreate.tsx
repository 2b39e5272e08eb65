import { Create, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { DestinationInputs } from './DestinationInputs';

export function DestinationCreate() {
  const onError = useSaveFailure('app.save_errors.destinations_create', false);
  return (
    <Create mutationOptions={{ onError }} redirect="list" title="app.destinations.create_title">
      <SimpleForm toolbar={<SaveToolbar />} defaultValues={{ is_priority: false, gallery: [], hotel: [] }}>
        <DestinationInputs />
      </SimpleForm>
    </Create>
  );
}
