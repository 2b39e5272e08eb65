import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  TextField,
  TopToolbar,
  type RaRecord,
  SimpleList,
} from 'react-admin';
import { UI } from '@shared/ui';
import { SearchFilter } from '../common/SearchFilter';
import { BulkDeleteWithNames } from '../common/BulkDeleteWithNames';
import { CountFooter } from '../common/CountFooter';
import { useSmall } from '../common/useSmall';
import { RowActions } from '../common/RowActions';
import { highlightWhen } from '../common/rowHighlight';
import { UsdField } from '../common/LocalisedFields';
import { truncate } from '../common/text';
import { useFormat } from '../i18n/format';

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <ReferenceInput key="d" source="destination_id" reference="destinations" sort={{ field: 'name', order: 'ASC' }}>
    <SelectInput optionText="name" />
  </ReferenceInput>,
];

const Actions = () => (
  <TopToolbar>
    <CreateButton label="app.common.add" />
  </TopToolbar>
);

export function PackList() {
  const small = useSmall();
  const format = useFormat();
  return (
    <List filters={filters} actions={<Actions />} sort={{ field: 'is_featured', order: 'DESC' }} perPage={25}>
      {small ? (
        <SimpleList
          primaryText={(r) => r.name}
          secondaryText={(r) => `${r.destination?.name ?? ''} · ${format.usd(r.price)}`}
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
          bulkActionButtons={<BulkDeleteWithNames describe={(r) => `#${r.id} ${r.name}`} />}
        >
          <TextField source="id" />
          <TextField source="name" />
          <FunctionField
            source="description"
            sortable={false}
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
          <TextField source="destination.name" sortBy="destination_id" />
          <UsdField source="price" />
          <UsdField source="discount_price" />
          <FunctionField
            source="available_from"
            label="app.packs.available"
            render={(r: RaRecord) => `${format.date(r.available_from)} → ${format.date(r.available_to)}`}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <BooleanField source="is_featured" />
          <RowActions label="app.common.actions" />
        </Datagrid>
      )}
      <CountFooter />
    </List>
  );
}
