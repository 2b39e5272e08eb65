import { Create, Edit, SimpleForm } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';
import { TemplateInputs, templatePayload } from './TemplateInputs';

export function TemplateEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={templatePayload} redirect="list">
      <SimpleForm toolbar={<SaveToolbar />}>
        <TemplateInputs />
      </SimpleForm>
    </Edit>
  );
}

export function TemplateCreate() {
  return (
    <Create transform={templatePayload} redirect="list">
      <SimpleForm defaultValues={{ sequence_day: null }}>
        <TemplateInputs />
      </SimpleForm>
    </Create>
  );
}
