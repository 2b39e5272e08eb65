import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslate } from 'react-admin';
import { useFormat } from '../i18n/format';

/** One figure of the dashboard; `id` names its caption (app.dashboard.<id>) and its test id. */
export function StatCard({ id, value, icon, to }: { id: string; value: number; icon: ReactNode; to: string }) {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Card sx={{ flex: '1 1 170px' }}>
      <CardActionArea component={Link} to={to}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <span aria-hidden>{icon}</span>
          <div>
            <Typography variant="body2" color="text.secondary">
              {translate(`app.dashboard.${id}`)}
            </Typography>
            <Typography variant="h5" component="p" data-testid={`stat-${id}`}>
              {format.number(value)}
            </Typography>
          </div>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
