import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  FilterButton,
  List,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { ListPagination } from '../common/ListPagination';
import type { AdminAuditEntry } from '@shared/api/admin';
import { CountFooter } from '../common/CountFooter';
import { RowActions } from '../common/RowActions';
import { DateTimeField } from '../common/LocalisedFields';
import { useSmall } from '../common/useSmall';
import { useFormat } from '../i18n/format';
import { ActionField, ActorField, ResourceField } from './AuditLabels';
import { ChangesField, changeLines } from '../common/ChangesField';
import { ACTION_CHOICES, actionKey, RESOURCE_CHOICES, resourceKey } from '../common/auditLabels';

const auditFilters = (small: boolean) => [
  <ReferenceInput
    key="actor"
    source="actor_id"
    reference="users"
    filter={{ is_superuser: true }}
    sort={{ field: 'email', order: 'ASC' }}
  >
    <AutocompleteInput optionText="email" />
  </ReferenceInput>,
  <SelectInput key="resource" source="resource" choices={RESOURCE_CHOICES} alwaysOn={!small} />,
  <SelectInput key="action" source="action" choices={ACTION_CHOICES} alwaysOn={!small} />,
  <TextInput key="record" source="record_id" />,
  <DateInput key="from" source="created_at_gte" />,
  <DateInput key="to" source="created_at_lte" />,
];

/** Read-only: no create button, no bulk actions, rows open the entry. */
export function AuditList() {
  const small = useSmall();
  const translate = useTranslate();
  const format = useFormat();
  return (
    <List
      filters={auditFilters(small)}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      pagination={<ListPagination />}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      exporter={false}
    >
      {small ? (
        <SimpleList<AdminAuditEntry>
          primaryText={(r) =>
            `${translate(actionKey(r.action), { _: r.action })} · ${translate(resourceKey(r.resource), { _: r.resource })}${
              r.record_id && r.resource !== 'session' ? ` #${r.record_id}` : ''
            }`
          }
          secondaryText={(r) => (
            <>
              {format.dateTime(r.created_at)} · {r.actor_email ?? `#${r.actor_id ?? '-'}`}
              {changeLines(r.changes, translate, r.resource)
                .slice(0, 2)
                .map((line, i) => (
                  <span key={i} style={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {line}
                  </span>
                ))}
            </>
          )}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="id" />
          <DateTimeField source="created_at" />
          <ActorField label="resources.audit-log.fields.actor_email" sortBy="actor_id" />
          <ActionField label="resources.audit-log.fields.action" sortBy="action" />
          <ResourceField label="resources.audit-log.fields.resource" sortBy="resource" />
          <ChangesField compact label="resources.audit-log.fields.changes" sortable={false} />
          <RowActions edit={false} remove={false} label="app.common.actions" />
        </Datagrid>
      )}
      <CountFooter />
    </List>
  );
}
