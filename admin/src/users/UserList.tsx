import {
  BooleanField,
  Datagrid,
  EmailField,
  ExportButton,
  List,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
  SimpleList,
} from 'react-admin';
import { SearchFilter } from '../common/SearchFilter';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { ListPagination } from '../common/ListPagination';
import { DateTimeField } from '../common/LocalisedFields';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';
import { highlightWhen } from '../common/rowHighlight';
import { ErasePersonButton } from './privacy/ErasePersonButton';

const filters = [<SearchFilter key="q" source="q" alwaysOn />];

/** The list's usual export, and the erasure of everything an e-mail address left behind. */
const Actions = () => (
  <TopToolbar sx={{ alignItems: 'center' }}>
    <ExportButton />
    <ErasePersonButton />
  </TopToolbar>
);

/** Superusers get an edit button, other customers a details button. */
function RowAction(_props: { label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return <RowActions edit={record.is_superuser} show={!record.is_superuser} />;
}

export function UserList() {
  const small = useSmall();
  const translate = useTranslate();
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'is_superuser', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
    >
      {small ? (
        <SimpleList
          primaryText={(r) => r.full_name}
          secondaryText={(r) => r.email}
          tertiaryText={(r) => (r.is_superuser ? translate('resources.users.fields.is_superuser') : `#${r.id}`)}
          linkType="show"
          rowSx={highlightWhen('is_superuser')}
        />
      ) : (
        <Datagrid
          rowClick="show"
          rowSx={highlightWhen('is_superuser')}
          bulkActionButtons={<BulkDeleteWithNames describe={(r) => `#${r.id} ${r.full_name} (${r.email})`} />}
        >
          <TextField source="id" />
          <TextField source="full_name" sortBy="full_name" />
          <EmailField source="email" />
          <TextField source="phone" sortable={false} />
          <BooleanField source="is_active" />
          <BooleanField source="is_superuser" />
          <DateTimeField source="date_joined" />
          <RowAction label="app.common.actions" />
        </Datagrid>
      )}
      <CountFooter />
    </List>
  );
}
