import { AutocompleteInput, DateInput, ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { STATUS_CHOICES } from './statuses';

export const leadFilters = [
  <SearchInput key="q" source="q" placeholder="Search by ID or Name..." alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
  <ReferenceInput
    key="destination"
    source="destination_id"
    reference="destinations"
    sort={{ field: 'name', order: 'ASC' }}
  >
    <AutocompleteInput optionText="name" label="Destination" />
  </ReferenceInput>,
  <ReferenceInput key="agent" source="agent_id" reference="agents" sort={{ field: 'full_name', order: 'ASC' }}>
    <AutocompleteInput optionText="full_name" label="Agent" />
  </ReferenceInput>,
  <DateInput key="from" source="created_at_gte" label="Created from" />,
  <DateInput key="to" source="created_at_lte" label="Created to" />,
];
