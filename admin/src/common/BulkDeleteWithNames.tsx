import { List as MuiList, ListItem, Typography } from '@mui/material';
import { BulkDeleteButton, RaRecord, useGetMany, useListContext, useResourceContext, useTranslate } from 'react-admin';

function SelectedNames({ describe }: { describe: (record: RaRecord) => string }) {
  const resource = useResourceContext();
  const translate = useTranslate();
  const { selectedIds } = useListContext();
  const { data } = useGetMany(resource!, { ids: selectedIds });
  return (
    <>
      <Typography>{translate('app.common.bulk_content', { smart_count: selectedIds.length })}</Typography>
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
export function BulkDeleteWithNames({ describe }: { describe: (r: RaRecord) => string }) {
  const { selectedIds } = useListContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const count = selectedIds.length;
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      confirmTitle={translate('app.common.bulk_title', {
        smart_count: count,
        noun: translate(`app.nouns.${resource}`, { smart_count: count }),
      })}
      confirmContent={<SelectedNames describe={describe} />}
    />
  );
}
