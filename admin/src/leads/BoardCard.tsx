import { Draggable } from '@hello-pangea/dnd';
import { Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useCreatePath, type RaRecord } from 'react-admin';

export function BoardCard({ lead, index }: { lead: RaRecord; index: number }) {
  const createPath = useCreatePath();
  return (
    <Draggable draggableId={String(lead.id)} index={index}>
      {(provided, snapshot) => (
        <Card
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          aria-label={`Lead ${lead.id}: ${lead.first_name} ${lead.last_name}`}
          data-lead-id={lead.id}
          sx={{
            mb: 1,
            boxShadow: snapshot.isDragging ? 6 : 1,
            borderLeft: lead.is_priority ? '4px solid #ffb300' : '4px solid transparent',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
          }}
        >
          <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
            <MuiLink
              component={Link}
              to={createPath({ resource: 'leads', id: lead.id, type: 'show' })}
              variant="body2"
              underline="hover"
              sx={{ color: 'inherit', fontWeight: 600 }}
            >
              #{lead.id} {lead.first_name} {lead.last_name}
            </MuiLink>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {lead.destination?.name} · {lead.formatted_created_at}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {lead.agent?.full_name ?? 'Unassigned'}
            </Typography>
          </CardContent>
        </Card>
      )}
    </Draggable>
  );
}
