import { List as MuiList, ListItem, Typography } from '@mui/material';
import { BulkDeleteButton, RaRecord, useGetMany, useListContext, useResourceContext } from 'react-admin';

function SelectedNames({ describe }: { describe: (record: RaRecord) => string }) {
  const resource = useResourceContext();
  const { selectedIds } = useListContext();
  const { data } = useGetMany(resource!, { ids: selectedIds });
  return (
    <>
      <Typography>
        {selectedIds.length === 1 ? 'This item will be deleted:' : `These ${selectedIds.length} items will be deleted:`}
      </Typography>
      <MuiList dense sx={{ maxHeight: 240, overflow: 'auto' }}>
        {(data ?? []).map((record) => (
          <ListItem key={record.id} sx={{ py: 0 }}>
            {describe(record)}
          </ListItem>
        ))}
      </MuiList>
    </>
  );
}

/** Bulk delete whose confirmation names what goes; one bulk-delete call, list refreshed after. */
export function BulkDeleteWithNames({ noun, describe }: { noun: [string, string]; describe: (r: RaRecord) => string }) {
  const { selectedIds } = useListContext();
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      confirmTitle={`Delete ${selectedIds.length} ${selectedIds.length === 1 ? noun[0] : noun[1]}`}
      confirmContent={<SelectedNames describe={describe} />}
    />
  );
}
