import { Typography } from '@mui/material';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';
import { totalText } from './ListPagination';

/** 'Packs count: 12' under a list (the total of the filtered list, not of the page; '10000+' past the server's count cap). */
export function CountFooter() {
  const { total, isPending } = useListContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  if (isPending || total === undefined) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }} data-testid="count-footer">
      {translate('app.common.count', { label: translate(`app.counts.${resource}`), count: totalText(total) })}
    </Typography>
  );
}
