import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  TimeInput,
  useRecordContext,
} from 'react-admin';
import type { LeadStatus } from '@shared/limits';
import { canChangeLeadStatus } from '@shared/rules/lead-status';
import { createLeadRules, trimHour, UPDATE_LEAD_RULES } from '@shared/rules/admin-lead';
import type { FieldRule } from '@shared/rules/form';
import { useIsAdmin } from '../auth';
import { rule } from '../common/rules';
import { STATUS_CHOICES } from '../common/statuses';

/** Only the packs of the chosen destination; a pack of the previous destination is cleared. */
function PackInput() {
  const destinationId = useWatch({ name: 'destination_id' });
  const { setValue } = useFormContext();
  const previous = useRef(destinationId);
  useEffect(() => {
    if (previous.current !== destinationId) setValue('travel_pack_id', null, { shouldDirty: true });
    previous.current = destinationId;
  }, [destinationId, setValue]);
  return (
    <ReferenceInput
      source="travel_pack_id"
      reference="travel-packs"
      filter={destinationId ? { destination_id: destinationId } : { id: [] }}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <SelectInput optionText="name" disabled={!destinationId} emptyText="app.common.none" />
    </ReferenceInput>
  );
}

/** Only the statuses the pipeline allows from the saved one can be chosen. */
function StatusInput({ rule: statusRule }: { rule: FieldRule }) {
  const record = useRecordContext();
  const from = record?.status as LeadStatus | undefined;
  const choices = STATUS_CHOICES.map((c) => ({ ...c, disabled: from ? !canChangeLeadStatus(from, c.id) : false }));
  return <SelectInput source="status" choices={choices} validate={rule(statusRule)} defaultValue="new" />;
}

/** The browser's own date: a lead for "today" is never refused because of the server's time zone. */
const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

export function LeadInputs({ creating }: { creating?: boolean }) {
  const rules: Record<string, FieldRule> = creating ? createLeadRules(localToday()) : UPDATE_LEAD_RULES;
  // Where the desk's replies go is an admin's to change (the API refuses an agent's change).
  const isAdmin = useIsAdmin();
  const contactLocked = !creating && !isAdmin;
  const locked = contactLocked ? { readOnly: true, helperText: 'app.leads.contact_admin_only' } : {};
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }}>
      <ReferenceInput
        source="destination_id"
        reference="destinations"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={200}
      >
        <SelectInput optionText="name" validate={rule(rules.destination_id, creating)} />
      </ReferenceInput>
      <PackInput />
      <TextInput source="first_name" validate={rule(rules.first_name, creating)} />
      <TextInput source="last_name" validate={rule(rules.last_name, creating)} />
      <TextInput source="email" type="email" validate={rule(rules.email, creating)} {...locked} />
      <TextInput source="phone" type="tel" validate={rule(rules.phone, creating)} {...locked} />
      <DateInput source="date" validate={rule(rules.date)} />
      <TimeInput
        source="hour"
        parse={(v: string) => (v ? trimHour(v) : null)}
        format={(v: string | null) => v ?? ''}
        validate={rule(rules.hour)}
      />
      <StatusInput rule={rules.status} />
      <ReferenceInput source="agent_id" reference="agents" sort={{ field: 'full_name', order: 'ASC' }}>
        <AutocompleteInput optionText="full_name" emptyText="app.common.unassigned" />
      </ReferenceInput>
      {!creating && <BooleanInput source="is_priority" />}
      <TextInput source="notes" multiline minRows={2} validate={rule(rules.notes)} />
    </Box>
  );
}

/** Edit: the hour is trimmed to HH:MM, an empty date or hour is left out (unchanged). */
export function leadUpdatePayload(values: Record<string, unknown>) {
  const data = { ...values };
  for (const key of ['date', 'hour']) if (data[key] === '' || data[key] === null) delete data[key];
  if (typeof data.hour === 'string') data.hour = trimHour(data.hour);
  return data;
}

export function leadCreatePayload(values: Record<string, unknown>) {
  const data = { ...values };
  for (const key of ['date', 'hour', 'travel_pack_id', 'agent_id', 'notes'])
    if (data[key] === '' || data[key] === undefined) data[key] = null;
  return data;
}
