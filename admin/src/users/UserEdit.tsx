import { Edit, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { useSaveFailure } from '../common/useSaveFailure';
import { UserInputs } from './UserInputs';

export function UserEdit() {
  const onError = useSaveFailure('app.save_errors.users_update', false);
  return (
    <Edit mutationMode="pessimistic" mutationOptions={{ onError }}>
      <SimpleForm toolbar={<SaveToolbar />}>
        <UserInputs />
      </SimpleForm>
    </Edit>
  );
}
