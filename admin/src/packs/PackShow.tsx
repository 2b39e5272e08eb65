import { BooleanField, FunctionField, Show, SimpleShowLayout, TextField, type RaRecord } from 'react-admin';
import { Chip, Stack } from '@mui/material';
import { RecordHistory } from '../common/RecordHistory';
import { DayField, UsdField } from '../common/LocalisedFields';

const Chips = ({ items }: { items: string[] }) => (
  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
    {items.map((item) => (
      <Chip key={item} label={item} size="small" />
    ))}
  </Stack>
);

export function PackShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="description" />
        <TextField source="destination.name" />
        <UsdField source="price" />
        <UsdField source="discount_price" label="app.packs.discount_price" emptyText="-" />
        <DayField source="available_from" />
        <DayField source="available_to" />
        <FunctionField source="amenities" render={(r: RaRecord) => <Chips items={r.amenities ?? []} />} />
        <FunctionField source="features" render={(r: RaRecord) => <Chips items={r.features ?? []} />} />
        <BooleanField source="is_featured" />
      </SimpleShowLayout>
      <RecordHistory resources={['packs']} />
    </Show>
  );
}
