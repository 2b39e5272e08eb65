import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  type RaRecord,
  SimpleList,
} from 'react-admin';
import { UI } from '@shared/ui';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';
import { highlightWhen } from '../common/rowHighlight';
import { truncate } from '../common/text';
import { ThingsToDoField } from './ThingsToDoField';

const filters = [<SearchInput key="q" source="q" placeholder="Search by ID or Name..." alwaysOn />];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="Add Destination" />
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
          bulkActionButtons={
            <BulkDeleteWithNames
              noun={['destination', 'destinations']}
              describe={(r) => `${r.name} (ID #${r.id}, ${r.location})`}
            />
          }
        >
          <FunctionField source="id" label="ID" render={(r: RaRecord) => `#${r.id}`} />
          <TextField source="name" />
          <FunctionField
            label="Description"
            render={(r: RaRecord) => truncate(r.description, UI.tablePreview.destination)}
          />
          <TextField source="location" />
          <ThingsToDoField label="Things To Do" />
          <RowActions noun="destination" label="Actions" />
        </Datagrid>
      )}
      <CountFooter label="Destinations count" />
    </List>
  );
}
