import { Box } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  EmailField,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useTranslate,
  type RaRecord,
  SimpleList,
} from 'react-admin';
import { useIsAdmin } from '../auth';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { ListPagination } from '../common/ListPagination';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';
import { highlightWhen } from '../common/rowHighlight';
import { MineFilterButton, SavedViewsMenu } from './desk/SavedViews';
import { useFormat } from '../i18n/format';
import { BulkReassignButton, BulkStatusButton } from './BulkUpdateButtons';
import { CreateAccountButton } from './CreateAccountButton';
import { LeadDeskBadges } from './LeadDeskBadges';
import { ExportFilteredButton, ExportSelectedButton } from './ExportButtons';
import { leadFilters } from './LeadFilters';
import { LeadStatusField } from './LeadStatusField';
import { ViewToggle } from './ViewToggle';
import { statusKey } from '../common/statuses';

// Export and delete are an admin's: an agent works leads, and neither takes them away nor copies them all.
const Actions = ({ isAdmin }: { isAdmin: boolean }) => (
  <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
    <ViewToggle current="list" />
    <MineFilterButton />
    <SavedViewsMenu resource="leads" />
    <CreateButton label="app.common.add" />
    {isAdmin && <ExportFilteredButton />}
  </TopToolbar>
);

const BulkActions = ({ isAdmin }: { isAdmin: boolean }) => (
  <>
    <BulkReassignButton />
    <BulkStatusButton />
    {isAdmin && <ExportSelectedButton />}
    {isAdmin && <BulkDeleteWithNames describe={(r) => `#${r.id} ${r.first_name} ${r.last_name} (${r.email})`} />}
  </>
);

/** '26 nov 2026, 14:05 UTC' on two lines, the time under the date (the text itself unchanged). */
function DateOverTime({ text }: { text: string }) {
  const cut = text.lastIndexOf(', ') + 2;
  if (cut < 2) return <>{text}</>;
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {text.slice(0, cut)}
      <br />
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85em' }}>
        {text.slice(cut)}
      </Box>
    </Box>
  );
}

export function LeadList() {
  const small = useSmall();
  const translate = useTranslate();
  const format = useFormat();
  const isAdmin = useIsAdmin();
  return (
    <List
      filters={leadFilters}
      actions={<Actions isAdmin={isAdmin} />}
      sort={{ field: 'is_priority', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
    >
      {small ? (
        <SimpleList
          primaryText={(r) => (
            <>
              {`${r.first_name} ${r.last_name}`}
              <LeadDeskBadges lead={r} />
            </>
          )}
          secondaryText={(r) => `${r.destination?.name ?? ''} · ${translate(statusKey(r.status), { _: r.status })}`}
          tertiaryText={(r) => format.dateTime(r.created_at)}
          linkType="show"
          rowSx={highlightWhen('is_priority')}
        />
      ) : (
        // Ten columns: with the usual cell padding the row actions went past the edge at 1280 px
        // (the delete button behind a horizontal scroll), so the cells are a little denser.
        <Datagrid
          rowClick="show"
          rowSx={highlightWhen('is_priority')}
          bulkActionButtons={<BulkActions isAdmin={isAdmin} />}
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
        >
          <TextField source="id" />
          <FunctionField
            source="created_at"
            sortBy="created_at"
            // Date over time, so a lead with a long e-mail and a desk badge still leaves the row's
            // actions in view at 1280 px.
            render={(r: RaRecord) => <DateOverTime text={format.dateTime(r.created_at)} />}
          />
          <FunctionField
            source="full_name"
            sortBy="full_name"
            render={(r: RaRecord) => (
              <>
                {`${r.first_name} ${r.last_name}`}
                <LeadDeskBadges lead={r} />
              </>
            )}
          />
          <EmailField source="email" />
          <TextField source="phone" />
          <TextField source="destination.name" sortBy="destination_id" />
          <LeadStatusField source="status" />
          <TextField source="agent.full_name" sortBy="agent_id" emptyText="app.common.unassigned" />
          <RowActions label="app.common.actions" remove={isAdmin}>
            {isAdmin && <CreateAccountButton compact />}
          </RowActions>
        </Datagrid>
      )}
      <CountFooter />
    </List>
  );
}
