import { BooleanField, Datagrid, EmailField, List, SearchInput, TextField, SimpleList } from 'react-admin';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';

const filters = [<SearchInput key="q" source="q" placeholder="Search by ID or Name..." alwaysOn />];

export function AgentList() {
  const small = useSmall();
  return (
    <List filters={filters} sort={{ field: 'id', order: 'ASC' }} perPage={25}>
      {small ? (
        <SimpleList
          primaryText={(r) => r.full_name}
          secondaryText={(r) => r.email}
          tertiaryText={(r) => `#${r.id}`}
          linkType="show"
        />
      ) : (
        <Datagrid
          rowClick="show"
          bulkActionButtons={
            <BulkDeleteWithNames noun={['agent', 'agents']} describe={(r) => `#${r.id} ${r.full_name} (${r.email})`} />
          }
        >
          <TextField source="id" />
          <TextField source="full_name" label="Name" sortBy="full_name" />
          <EmailField source="email" />
          <TextField source="phone" sortable={false} />
          <BooleanField source="is_active" label="Verified" />
          <TextField source="formatted_date_joined" label="Joined" sortBy="date_joined" />
          <RowActions noun="agent" label="Actions" />
        </Datagrid>
      )}
      <CountFooter label="Agents count" />
    </List>
  );
}
