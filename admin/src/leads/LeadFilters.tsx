import { AutocompleteInput, DateInput, NullableBooleanInput, ReferenceInput, SelectInput } from 'react-admin';
import { SearchFilter } from '../common/SearchFilter';
import { STATUS_CHOICES } from '../common/statuses';

export const leadFilters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
  <ReferenceInput
    key="destination"
    source="destination_id"
    reference="destinations"
    sort={{ field: 'name', order: 'ASC' }}
  >
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <ReferenceInput key="agent" source="agent_id" reference="agents" sort={{ field: 'full_name', order: 'ASC' }}>
    <AutocompleteInput optionText="full_name" />
  </ReferenceInput>,
  <NullableBooleanInput key="repeat" source="is_repeat" />,
  <DateInput key="from" source="created_at_gte" />,
  <DateInput key="to" source="created_at_lte" />,
];
