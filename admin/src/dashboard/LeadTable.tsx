import { Box, Link as MuiLink, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link } from 'react-router';
import type { AdminLead } from '@shared/api/admin';
import { StatusChip } from '../leads/LeadStatusField';
import { ChartCard } from './ChartCard';

export function LeadTable({
  title,
  leads,
  empty,
  more,
}: {
  title: string;
  leads: AdminLead[];
  empty: string;
  more: string;
}) {
  return (
    <ChartCard title={title}>
      {leads.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Lead</TableCell>
                <TableCell>Destination</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Created</TableCell>
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
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{lead.formatted_created_at}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <MuiLink component={Link} to={more} sx={{ display: 'inline-block', mt: 1 }}>
        See all
      </MuiLink>
    </ChartCard>
  );
}
