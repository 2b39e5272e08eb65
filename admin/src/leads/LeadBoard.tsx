import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import { Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { LEAD_STATUSES, type LeadStatus } from '@shared/limits';
import { canChangeLeadStatus } from '@shared/rules/lead-status';
import { BoardAgentFilter, useBoardAgent } from './BoardAgentFilter';
import { BoardColumn } from './BoardColumn';
import { statusKey } from '../common/statuses';
import { ViewToggle } from './ViewToggle';

/** The pipeline: a column per status; dropping a card (mouse or keyboard) changes the lead's status. */
export function LeadBoard() {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const [moved, setMoved] = useState<Map<string, RaRecord>>(new Map());
  const [dragFrom, setDragFrom] = useState<LeadStatus | null>(null);
  const agent = useBoardAgent();

  const onDragEnd = async ({ draggableId, source, destination }: DropResult) => {
    setDragFrom(null);
    if (!destination || destination.droppableId === source.droppableId) return;
    const to = destination.droppableId as LeadStatus;
    const cached = queryClient
      .getQueriesData<{ data: RaRecord[] }>({ queryKey: ['leads', 'getList'] })
      .flatMap(([, value]) => value?.data ?? [])
      .find((lead) => String(lead.id) === draggableId);
    const lead = moved.get(draggableId) ?? cached;
    if (!lead) return;
    setMoved((prev) => new Map(prev).set(draggableId, { ...lead, status: to }));
    try {
      await dataProvider.update('leads', { id: lead.id, data: { status: to }, previousData: lead });
      notify('app.leads.moved', { type: 'success', messageArgs: { id: lead.id, status: translate(statusKey(to)) } });
    } catch (error) {
      notify((error as Error).message || 'app.save_errors.leads_update', { type: 'error' });
    }
    await queryClient.invalidateQueries({ queryKey: ['leads'] });
    setMoved((prev) => {
      const next = new Map(prev);
      next.delete(draggableId);
      return next;
    });
  };

  return (
    <Box sx={{ mt: 1, minWidth: 0, width: '100%' }}>
      <Title title="app.leads.board_title" />
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}
      >
        <Typography variant="body2" color="text.secondary" id="board-help">
          {translate('app.leads.board_help')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <BoardAgentFilter value={agent.value} onChange={agent.setValue} />
          <ViewToggle current="board" />
        </Box>
      </Box>
      <DragDropContext
        onDragStart={(start) => setDragFrom(start.source.droppableId as LeadStatus)}
        onDragEnd={(result) => void onDragEnd(result)}
      >
        <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 2, alignItems: 'stretch', width: '100%' }}>
          {LEAD_STATUSES.map((status) => (
            <BoardColumn
              key={status}
              status={status}
              agentFilter={agent.filter}
              moved={moved}
              // Only the pipeline's allowed moves accept a drop.
              dropDisabled={dragFrom !== null && !canChangeLeadStatus(dragFrom, status)}
            />
          ))}
        </Box>
      </DragDropContext>
    </Box>
  );
}
