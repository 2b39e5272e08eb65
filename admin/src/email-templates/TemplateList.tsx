import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../common/LocalisedFields';
import { SearchFilter } from '../common/SearchFilter';
import { useSmall } from '../common/useSmall';

const filters = [<SearchFilter key="q" source="q" alwaysOn />];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="app.common.add" />
  </TopToolbar>
);

export function TemplateList() {
  const small = useSmall();
  const translate = useTranslate();
  const day = (r: RaRecord) => (r.sequence_day === null ? translate('app.mail.sequence_none') : String(r.sequence_day));
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      {small ? (
        <SimpleList primaryText={(r) => r.name} secondaryText={(r) => r.subject} tertiaryText={day} linkType="edit" />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" />
          <TextField source="subject" />
          <FunctionField source="sequence_day" render={day} />
          <DateTimeField source="updated_at" />
        </Datagrid>
      )}
    </List>
  );
}
