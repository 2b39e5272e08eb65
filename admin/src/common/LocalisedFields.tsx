import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormat } from '../i18n/format';

interface Props {
  source: string;
  label?: string;
  sortBy?: string;
  sortable?: boolean;
  /** A catalogue key shown when the value is empty. */
  emptyText?: string;
}

function useValue(source: string) {
  const record = useRecordContext();
  return source.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], record);
}

function Shown({ text, emptyText }: { text: string; emptyText?: string }) {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {text || (emptyText ? translate(emptyText) : '')}
    </Typography>
  );
}

/** An instant in the current language, with its time zone ('26 nov 2026, 14:05 UTC'). */
export function DateTimeField({ source, emptyText }: Props) {
  const value = useValue(source);
  return <Shown text={useFormat().dateTime(value as string | null)} emptyText={emptyText} />;
}

/** A calendar date (YYYY-MM-DD) in the current language ('26 nov 2026'). */
export function DayField({ source, emptyText }: Props) {
  const value = useValue(source);
  return <Shown text={useFormat().date(value as string | null)} emptyText={emptyText} />;
}

/** A price in US dollars as the current language writes it. */
export function UsdField({ source, emptyText }: Props) {
  const value = useValue(source);
  return <Shown text={useFormat().usd(value as number | null)} emptyText={emptyText} />;
}
