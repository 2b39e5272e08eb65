import { Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** 'Packs count: 12' under a list (the total of the filtered list, not of the page). */
export function CountFooter({ label }: { label: string }) {
  const { total, isPending } = useListContext();
  if (isPending || total === undefined) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }} data-testid="count-footer">
      {label}: {total}
    </Typography>
  );
}
