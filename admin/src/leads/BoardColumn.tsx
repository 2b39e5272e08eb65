import { Droppable } from '@hello-pangea/dnd';
import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import type { LeadStatus } from '@shared/limits';
import { BoardCard } from './BoardCard';
import { STATUS_COLORS, statusKey } from '../common/statuses';

export const BOARD_PAGE = 25;

/** One status of the pipeline: its newest leads (priority first) and how many there are in all. */
export function BoardColumn({
  status,
  agentFilter,
  moved,
  dropDisabled,
}: {
  status: LeadStatus;
  /** The board's agent filter ({} for every agent). */
  agentFilter: Record<string, unknown>;
  moved: Map<string, RaRecord>;
  dropDisabled: boolean;
}) {
  const translate = useTranslate();
  const { data, total, isPending } = useGetList('leads', {
    filter: { ...agentFilter, status },
    pagination: { page: 1, perPage: BOARD_PAGE },
    sort: { field: 'is_priority', order: 'DESC' },
  });
  // Cards being moved show in their new column until the lists are read again.
  const arriving = [...moved.values()].filter((lead) => lead.status === status);
  const staying = (data ?? []).filter((lead) => !moved.has(String(lead.id)));
  const leads = [...arriving, ...staying];
  const count = (total ?? 0) + arriving.length - ((data ?? []).length - staying.length);
  return (
    <Paper
      variant="outlined"
      sx={{
        flex: '1 1 0',
        minWidth: 170,
        opacity: dropDisabled ? 0.55 : 1,
        bgcolor: 'grey.50',
        display: 'flex',
        flexDirection: 'column',
      }}
      data-status={status}
    >
      <Box sx={{ px: 1.5, py: 1, borderTop: `4px solid ${STATUS_COLORS[status]}`, borderRadius: '4px 4px 0 0' }}>
        <Typography variant="subtitle2" component="h2">
          {translate(statusKey(status))}{' '}
          <Typography component="span" variant="caption" color="text.secondary">
            ({count})
          </Typography>
        </Typography>
      </Box>
      <Droppable droppableId={status} isDropDisabled={dropDisabled}>
        {(provided, snapshot) => (
          <Box
            ref={provided.innerRef}
            {...provided.droppableProps}
            sx={{ p: 1, flexGrow: 1, minHeight: 120, bgcolor: snapshot.isDraggingOver ? 'action.hover' : undefined }}
          >
            {isPending ? <CircularProgress size={20} sx={{ m: 2 }} /> : null}
            {leads.map((lead, index) => (
              <BoardCard key={lead.id} lead={lead} index={index} />
            ))}
            {provided.placeholder}
            {count > leads.length ? (
              <Typography variant="caption" color="text.secondary">
                {translate('app.leads.more', { count: count - leads.length })}
              </Typography>
            ) : null}
          </Box>
        )}
      </Droppable>
    </Paper>
  );
}
