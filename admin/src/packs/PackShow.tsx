import { BooleanField, DateField, FunctionField, Show, SimpleShowLayout, TextField, type RaRecord } from 'react-admin';
import { Chip, Stack } from '@mui/material';
import { usd } from '../common/text';

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
        <TextField source="destination.name" label="Destination" />
        <FunctionField label="Price" render={(r: RaRecord) => usd(r.price)} />
        <FunctionField label="Discount price" render={(r: RaRecord) => usd(r.discount_price) || '-'} />
        <DateField source="available_from" />
        <DateField source="available_to" />
        <FunctionField label="Amenities" render={(r: RaRecord) => <Chips items={r.amenities ?? []} />} />
        <FunctionField label="Features" render={(r: RaRecord) => <Chips items={r.features ?? []} />} />
        <BooleanField source="is_featured" label="Featured" />
      </SimpleShowLayout>
    </Show>
  );
}
