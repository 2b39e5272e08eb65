import { BooleanField, Datagrid, EmailField, List, TextField, SimpleList } from 'react-admin';
import { SearchFilter } from '../common/SearchFilter';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { DateTimeField } from '../common/LocalisedFields';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';

const filters = [<SearchFilter key="q" source="q" alwaysOn />];

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
          bulkActionButtons={<BulkDeleteWithNames describe={(r) => `#${r.id} ${r.full_name} (${r.email})`} />}
        >
          <TextField source="id" />
          <TextField source="full_name" sortBy="full_name" />
          <EmailField source="email" />
          <TextField source="phone" sortable={false} />
          <BooleanField source="is_active" />
          <BooleanField source="receives_leads" sortable={false} />
          <DateTimeField source="date_joined" />
          <RowActions label="app.common.actions" />
        </Datagrid>
      )}
      <CountFooter />
    </List>
  );
}
