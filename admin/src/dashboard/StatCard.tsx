import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function StatCard({ label, value, icon, to }: { label: string; value: number; icon: ReactNode; to: string }) {
  return (
    <Card sx={{ flex: '1 1 200px' }}>
      <CardActionArea component={Link} to={to}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <span aria-hidden>{icon}</span>
          <div>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h5" component="p" data-testid={`stat-${label}`}>
              {value.toLocaleString('en-US')}
            </Typography>
          </div>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
