import { Box, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import type { AdminLead } from '@shared/api/admin';
import { useFormat } from '../i18n/format';
import { StatusChip } from '../leads/LeadStatusField';
import { ChartCard } from '../common/ChartCard';

/** A short table of leads; `title` and `empty` are catalogue keys, `titleArgs` the title's %{values}. */
export function LeadTable({
  title,
  titleArgs,
  leads,
  empty,
  more,
}: {
  title: string;
  titleArgs?: Record<string, unknown>;
  leads: AdminLead[];
  empty: string;
  more: string;
}) {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <ChartCard title={title} titleArgs={titleArgs}>
      {leads.length === 0 ? (
        <Typography color="text.secondary">{translate(empty)}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid={`leads-${title.split('.').pop()}`}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.dashboard.col_lead')}</TableCell>
                <TableCell>{translate('app.dashboard.col_destination')}</TableCell>
                <TableCell>{translate('app.dashboard.col_status')}</TableCell>
                <TableCell>{translate('app.dashboard.col_created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {leads.map((lead) => (
                <TableRow key={lead.id} sx={lead.is_priority ? { bgcolor: 'rgba(255, 193, 7, 0.14)' } : undefined}>
                  <TableCell>
                    <MuiLink component={Link} to={`/leads/${lead.id}/show`}>
                      #{lead.id} {lead.first_name} {lead.last_name}
                    </MuiLink>
                  </TableCell>
                  <TableCell>{lead.destination.name}</TableCell>
                  <TableCell>
                    <StatusChip status={lead.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {format.date(lead.created_at)}
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8em' }}>
                      {format.time(lead.created_at)}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <MuiLink component={Link} to={more} sx={{ display: 'inline-block', mt: 1 }}>
        {translate('app.dashboard.see_all')}
      </MuiLink>
    </ChartCard>
  );
}
