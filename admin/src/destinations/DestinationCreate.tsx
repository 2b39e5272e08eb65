import { Create, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { DestinationInputs } from './DestinationInputs';

export function DestinationCreate() {
  const onError = useSaveFailure('Error adding destination. Please try again.', false);
  return (
    <Create mutationOptions={{ onError }} redirect="list" title="Add New Destination">
      <SimpleForm toolbar={<SaveToolbar />} defaultValues={{ is_priority: false, gallery: [], hotel: [] }}>
        <DestinationInputs />
      </SimpleForm>
    </Create>
  );
}
