import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  type RaRecord,
  SimpleList,
} from 'react-admin';
import { UI } from '@shared/ui';
import { SearchFilter } from '../common/SearchFilter';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';
import { highlightWhen } from '../common/rowHighlight';
import { truncate } from '../common/text';
import { ThingsToDoField } from './ThingsToDoField';

const filters = [<SearchFilter key="q" source="q" alwaysOn />];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="app.destinations.add" />
  </TopToolbar>
);

export function DestinationList() {
  const small = useSmall();
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'is_priority', order: 'DESC' }} perPage={25}>
      {small ? (
        <SimpleList
          primaryText={(r) => r.name}
          secondaryText={(r) => r.location}
          tertiaryText={(r) => `#${r.id}`}
          linkType="show"
          rowSx={highlightWhen('is_priority')}
        />
      ) : (
        <Datagrid
          rowClick="show"
          rowSx={highlightWhen('is_priority')}
          bulkActionButtons={<BulkDeleteWithNames describe={(r) => `${r.name} (ID #${r.id}, ${r.location})`} />}
        >
          <FunctionField source="id" render={(r: RaRecord) => `#${r.id}`} />
          <TextField source="name" />
          <FunctionField
            source="description"
            sortable={false}
            render={(r: RaRecord) => truncate(r.description, UI.tablePreview.destination)}
          />
          <TextField source="location" />
          <ThingsToDoField label="resources.destinations.fields.things_to_do" />
          <RowActions label="app.common.actions" />
        </Datagrid>
      )}
      <CountFooter />
    </List>
  );
}
