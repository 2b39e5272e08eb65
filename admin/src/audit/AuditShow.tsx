import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Button,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import type { AdminAuditEntry } from '@shared/api/admin';
import { DateTimeField } from '../common/LocalisedFields';
import { ActionField, ActorField, ResourceField } from './AuditLabels';
import { ChangesField } from '../common/ChangesField';
import { recordPath } from '../common/auditLabels';

/** A link to the record the entry is about (while it has a page: not for deleted records' lists). */
function RecordLink() {
  const record = useRecordContext<AdminAuditEntry>();
  const translate = useTranslate();
  const path =
    record && record.action !== 'delete' && record.action !== 'bulk_delete'
      ? recordPath(record.resource, record.record_id)
      : null;
  if (!path) return null;
  return (
    <Button component={Link} to={path} label={translate('app.audit.open_record')}>
      <OpenInNewIcon />
    </Button>
  );
}

const Actions = () => (
  <TopToolbar>
    <RecordLink />
  </TopToolbar>
);

/** One entry, read-only (no edit or delete button). */
export function AuditShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <DateTimeField source="created_at" />
        <Labeled label="resources.audit-log.fields.actor_email">
          <ActorField />
        </Labeled>
        <Labeled label="resources.audit-log.fields.action">
          <ActionField />
        </Labeled>
        <Labeled label="resources.audit-log.fields.resource">
          <ResourceField />
        </Labeled>
        <Labeled label="resources.audit-log.fields.changes">
          <ChangesField />
        </Labeled>
        <TextField source="ip" emptyText="-" />
      </SimpleShowLayout>
    </Show>
  );
}
