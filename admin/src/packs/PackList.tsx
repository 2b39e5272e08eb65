import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
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
import { truncate, usd } from '../common/text';

const filters = [
  <SearchInput key="q" source="q" placeholder="Search by ID or Name..." alwaysOn />,
  <ReferenceInput key="d" source="destination_id" reference="destinations" sort={{ field: 'name', order: 'ASC' }}>
    <SelectInput optionText="name" label="Destination" />
  </ReferenceInput>,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="Add" />
  </TopToolbar>
);

export function PackList() {
  const small = useSmall();
  return (
    <List
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'is_featured', order: 'DESC' }}
      perPage={25}
      title="Travel Packs"
    >
      {small ? (
        <SimpleList
          primaryText={(r) => r.name}
          secondaryText={(r) => `${r.destination?.name ?? ''} · ${usd(r.price)}`}
          tertiaryText={(r) => `#${r.id}`}
          linkType="show"
          rowSx={highlightWhen('is_featured')}
        />
      ) : (
        <Datagrid
          rowClick="show"
          rowSx={highlightWhen('is_featured')}
          // Denser cells, so the ten columns fit a 1280 px window without a sideways scroll.
          sx={{ '& .MuiTableCell-root': { px: 1 } }}
          bulkActionButtons={<BulkDeleteWithNames noun={['pack', 'packs']} describe={(r) => `#${r.id} ${r.name}`} />}
        >
          <TextField source="id" />
          <TextField source="name" />
          <FunctionField
            label="Description"
            render={(r: RaRecord) => truncate(r.description, UI.tablePreview.pack)}
            // At most two lines: a row stays as tall as its neighbours' (the full text is on the pack's page).
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              maxWidth: '18rem',
            }}
          />
          <TextField source="destination.name" label="Destination" sortBy="destination_id" />
          <FunctionField source="price" label="Price" render={(r: RaRecord) => usd(r.price)} />
          <FunctionField source="discount_price" label="Discount" render={(r: RaRecord) => usd(r.discount_price)} />
          <FunctionField
            source="available_from"
            label="Available"
            render={(r: RaRecord) => `${r.available_from} → ${r.available_to}`}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <BooleanField source="is_featured" label="Featured" />
          <RowActions noun="pack" label="Actions" />
        </Datagrid>
      )}
      <CountFooter label="Packs count" />
    </List>
  );
}
