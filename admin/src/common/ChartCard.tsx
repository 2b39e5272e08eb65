import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A card with a heading; `title` is a catalogue key, `titleArgs` its %{values}. */
export function ChartCard({
  title,
  titleArgs,
  children,
}: {
  title: string;
  titleArgs?: Record<string, unknown>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title, titleArgs)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
