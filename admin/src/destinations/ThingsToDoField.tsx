import ChecklistIcon from '@mui/icons-material/Checklist';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { ThingsToDoDialog } from './ThingsToDoDialog';

/** 'N added' or 'No activities added', with the button that opens the things-to-do dialog. */
export function ThingsToDoField(_props: { label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const count = record.things_to_do_count ?? record.things_to_do?.length ?? 0;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} onClick={(e) => e.stopPropagation()}>
      <Typography variant="body2" noWrap>
        {count ? translate('app.destinations.added', { count }) : translate('app.destinations.no_activities')}
      </Typography>
      <Button
        size="small"
        startIcon={<ChecklistIcon />}
        onClick={() => setOpen(true)}
        aria-label={translate('app.destinations.manage_aria', { name: record.name })}
      >
        {translate('app.destinations.manage')}
      </Button>
      {open && <ThingsToDoDialog destination={record} onClose={() => setOpen(false)} />}
    </Stack>
  );
}
