import { Draggable } from '@hello-pangea/dnd';
import { Box, Card, CardContent, Link as MuiLink, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useCreatePath, useTranslate, type RaRecord } from 'react-admin';
import { useFormat } from '../i18n/format';
import { LeadDeskBadges } from './LeadDeskBadges';

export function BoardCard({ lead, index }: { lead: RaRecord; index: number }) {
  const createPath = useCreatePath();
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Draggable draggableId={String(lead.id)} index={index}>
      {(provided, snapshot) => (
        <Card
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          aria-label={translate('app.leads.card_aria', { id: lead.id, name: `${lead.first_name} ${lead.last_name}` })}
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
            <LeadDeskBadges lead={lead} />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {lead.destination?.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {/* Date and time each stay whole when a narrow card wraps the line. */}
              <Box component="span" sx={{ display: 'inline-block', mr: 0.5 }}>
                {format.date(lead.created_at)}
              </Box>
              <Box component="span" sx={{ display: 'inline-block' }}>
                {format.time(lead.created_at)}
              </Box>
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {lead.agent?.full_name ?? translate('app.common.unassigned')}
            </Typography>
          </CardContent>
        </Card>
      )}
    </Draggable>
  );
}
