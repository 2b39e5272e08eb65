import {
  CreateButton,
  Datagrid,
  EmailField,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  type RaRecord,
  SimpleList,
} from 'react-admin';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';
import { highlightWhen } from '../common/rowHighlight';
import { CreateAccountButton } from './CreateAccountButton';
import { ExportFilteredButton, ExportSelectedButton } from './ExportButtons';
import { leadFilters } from './LeadFilters';
import { LeadStatusField } from './LeadStatusField';
import { ViewToggle } from './ViewToggle';
import { STATUS_LABELS } from './statuses';
import type { LeadStatus } from '@shared/limits';

const Actions = () => (
  <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
    <ViewToggle current="list" />
    <CreateButton label="Add" />
    <ExportFilteredButton />
  </TopToolbar>
);

const BulkActions = () => (
  <>
    <ExportSelectedButton />
    <BulkDeleteWithNames
      noun={['lead', 'leads']}
      describe={(r) => `#${r.id} ${r.first_name} ${r.last_name} (${r.email})`}
    />
  </>
);

export function LeadList() {
  const small = useSmall();
  return (
    <List filters={leadFilters} actions={<Actions />} sort={{ field: 'is_priority', order: 'DESC' }} perPage={25}>
      {small ? (
        <SimpleList
          primaryText={(r) => `${r.first_name} ${r.last_name}`}
          secondaryText={(r) => `${r.destination?.name ?? ''} · ${STATUS_LABELS[r.status as LeadStatus] ?? r.status}`}
          tertiaryText={(r) => r.formatted_created_at}
          linkType="show"
          rowSx={highlightWhen('is_priority')}
        />
      ) : (
        // Ten columns: with the usual cell padding the row actions went past the edge at 1280 px
        // (the delete button behind a horizontal scroll), so the cells are a little denser.
        <Datagrid
          rowClick="show"
          rowSx={highlightWhen('is_priority')}
          bulkActionButtons={<BulkActions />}
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
        >
          <TextField source="id" />
          <TextField source="formatted_created_at" label="Created" sortBy="created_at" sx={{ whiteSpace: 'nowrap' }} />
          <FunctionField label="Name" sortBy="full_name" render={(r: RaRecord) => `${r.first_name} ${r.last_name}`} />
          <EmailField source="email" />
          <TextField source="phone" />
          <TextField source="destination.name" label="Destination" sortBy="destination_id" />
          <LeadStatusField label="Status" source="status" />
          <TextField source="agent.full_name" label="Agent" sortBy="agent_id" emptyText="Unassigned" />
          <RowActions noun="lead" label="Actions">
            <CreateAccountButton compact />
          </RowActions>
        </Datagrid>
      )}
      <CountFooter label="Leads count" />
    </List>
  );
}
