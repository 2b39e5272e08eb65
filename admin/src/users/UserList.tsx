import {
  BooleanField,
  Datagrid,
  EmailField,
  List,
  SearchInput,
  TextField,
  useRecordContext,
  SimpleList,
} from 'react-admin';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';
import { highlightWhen } from '../common/rowHighlight';

const filters = [<SearchInput key="q" source="q" placeholder="Search by ID or Name..." alwaysOn />];

/** Superusers get an edit button, other customers a details button. */
function RowAction(_props: { label?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return <RowActions noun="user" edit={record.is_superuser} show={!record.is_superuser} />;
}

export function UserList() {
  const small = useSmall();
  return (
    <List filters={filters} sort={{ field: 'is_superuser', order: 'DESC' }} perPage={25} title="Customers">
      {small ? (
        <SimpleList
          primaryText={(r) => r.full_name}
          secondaryText={(r) => r.email}
          tertiaryText={(r) => (r.is_superuser ? 'Admin' : `#${r.id}`)}
          linkType="show"
          rowSx={highlightWhen('is_superuser')}
        />
      ) : (
        <Datagrid
          rowClick="show"
          rowSx={highlightWhen('is_superuser')}
          bulkActionButtons={
            <BulkDeleteWithNames noun={['user', 'users']} describe={(r) => `#${r.id} ${r.full_name} (${r.email})`} />
          }
        >
          <TextField source="id" />
          <TextField source="full_name" label="Name" sortBy="full_name" />
          <EmailField source="email" />
          <TextField source="phone" sortable={false} />
          <BooleanField source="is_active" label="Verified" />
          <BooleanField source="is_superuser" label="Admin" />
          <TextField source="formatted_date_joined" label="Joined" sortBy="date_joined" />
          <RowAction label="Actions" />
        </Datagrid>
      )}
      <CountFooter label="Users count" />
    </List>
  );
}
