import { Edit, SimpleForm } from 'react-admin';
import { useSaveFailure } from '../common/useSaveFailure';
import { DestinationInputs } from './DestinationInputs';
import { DestinationSaveToolbar } from './DestinationSaveToolbar';

export function DestinationEdit() {
  const onError = useSaveFailure('app.save_errors.destinations_update', false);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onError }} redirect="list">
      <SimpleForm toolbar={<DestinationSaveToolbar />}>
        <DestinationInputs editing />
      </SimpleForm>
    </Edit>
  );
}
