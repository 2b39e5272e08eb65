import DownloadIcon from '@mui/icons-material/Download';
import { Box, LinearProgress, Snackbar, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, useListContext, useNotify, useTranslate } from 'react-admin';
import { exportLeads } from './exportLeads';

function useExport() {
  const notify = useNotify();
  const translate = useTranslate();
  const [progress, setProgress] = useState<{ rows: number; total: number } | null>(null);
  const run = async (filter: Record<string, unknown>, total: number) => {
    setProgress({ rows: 0, total });
    try {
      const rows = await exportLeads(filter, (n) => setProgress({ rows: n, total }));
      notify('app.leads.exported', { type: 'success', messageArgs: { smart_count: rows } });
    } catch (error) {
      notify((error as Error).message || 'app.leads.export_failed', { type: 'error' });
    } finally {
      setProgress(null);
    }
  };
  const indicator = (
    <Snackbar open={progress !== null} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Box sx={{ bgcolor: 'background.paper', boxShadow: 4, borderRadius: 1, p: 2, width: 320 }} role="status">
        <Typography variant="body2" gutterBottom>
          {translate('app.leads.exporting', { rows: progress?.rows ?? 0, total: progress?.total ?? 0 })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={progress && progress.total ? Math.min(100, (progress.rows / progress.total) * 100) : 0}
        />
      </Box>
    </Snackbar>
  );
  return { run, busy: progress !== null, indicator };
}

/** Header button: every lead of the current filter. */
export function ExportFilteredButton() {
  const { filterValues, total } = useListContext();
  const { run, busy, indicator } = useExport();
  return (
    <>
      <Button label="app.leads.export" onClick={() => void run(filterValues, total ?? 0)} disabled={busy || !total}>
        <DownloadIcon />
      </Button>
      {indicator}
    </>
  );
}

/** Bulk action: the selected rows only. */
export function ExportSelectedButton() {
  const { selectedIds } = useListContext();
  const { run, busy, indicator } = useExport();
  return (
    <>
      <Button
        label="app.leads.export_selected"
        onClick={() => void run({ id: selectedIds }, selectedIds.length)}
        disabled={busy}
      >
        <DownloadIcon />
      </Button>
      {indicator}
    </>
  );
}
