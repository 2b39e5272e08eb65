import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetList, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { TASK_TITLE_MAX_CHARS, type AdminTask } from '@shared/api/lead-desk';
import type { AdminUser } from '@shared/api/admin';
import { useFormat } from '../../i18n/format';
import { addTask, deskKeys, fetchLeadTasks, isOverdue, setTaskDone } from './deskApi';

/** Tomorrow at 10:00 local time, as a datetime-local value. */
function defaultDue(): string {
  const d = new Date(Date.now() + 86_400_000);
  d.setHours(10, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** One task with its due time (overdue in red) and a done checkbox. */
export function TaskRow({
  task,
  showLead = false,
  component = 'li',
}: {
  task: AdminTask;
  showLead?: boolean;
  component?: 'li' | 'div';
}) {
  const translate = useTranslate();
  const format = useFormat();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (done: boolean) => setTaskDone(task.id, done),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lead-desk'] }),
    onError: (err: Error) => notify(err.message || 'app.desk.save_error', { type: 'error' }),
  });
  const overdue = isOverdue(task);
  return (
    <Box
      component={component}
      data-testid="task-row"
      data-overdue={overdue ? 'true' : 'false'}
      sx={{
        borderLeft: 3,
        borderColor: overdue ? 'error.main' : task.done_at ? 'success.main' : 'divider',
        pl: 1,
        flex: 1,
        bgcolor: overdue ? 'rgba(211, 47, 47, 0.06)' : undefined,
      }}
    >
      <FormControlLabel
        control={
          <Checkbox
            checked={task.done_at !== null}
            disabled={toggle.isPending}
            onChange={(event) => toggle.mutate(event.target.checked)}
            slotProps={{ input: { 'aria-label': translate('app.desk.mark_done', { title: task.title }) } }}
          />
        }
        label={
          <Typography
            variant="body2"
            sx={{ textDecoration: task.done_at ? 'line-through' : undefined, overflowWrap: 'anywhere' }}
          >
            {showLead ? `#${task.lead_id} · ` : ''}
            {task.title}
          </Typography>
        }
      />
      <Typography variant="caption" color={overdue ? 'error' : 'text.secondary'} sx={{ display: 'block', ml: 4 }}>
        {overdue ? `${translate('app.desk.overdue')} · ` : ''}
        {translate('app.desk.due', { date: format.dateTime(task.due_at) })}
        {task.assignee_name ? ` · ${task.assignee_name}` : ''}
      </Typography>
    </Box>
  );
}

function AddTaskForm({ leadId }: { leadId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [due, setDue] = useState(defaultDue);
  const [assignee, setAssignee] = useState('');
  const { data: agents } = useGetList<AdminUser>('agents', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'full_name', order: 'ASC' },
  });
  const save = useMutation({
    mutationFn: () =>
      addTask({
        lead_id: leadId,
        title: title.trim(),
        due_at: new Date(due).toISOString(),
        ...(assignee ? { assignee_id: Number(assignee) } : {}),
      }),
    onSuccess: () => {
      setTitle('');
      notify('app.desk.task_added', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['lead-desk'] });
    },
    onError: (err: Error) => notify(err.message || 'app.desk.save_error', { type: 'error' }),
  });
  const valid = title.trim().length > 0 && !Number.isNaN(new Date(due).getTime());
  return (
    <Stack
      component="form"
      spacing={1.5}
      sx={{ mt: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !save.isPending) save.mutate();
      }}
    >
      <TextField
        size="small"
        label={translate('app.desk.task_title')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        slotProps={{ htmlInput: { maxLength: TASK_TITLE_MAX_CHARS, 'data-testid': 'task-title' } }}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          size="small"
          type="datetime-local"
          label={translate('app.desk.task_due')}
          value={due}
          onChange={(event) => setDue(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'task-due' } }}
          required
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          select
          label={translate('app.desk.task_assignee')}
          value={assignee}
          onChange={(event) => setAssignee(event.target.value)}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'task-assignee' },
          }}
          sx={{ flex: 1 }}
        >
          <option value="">{translate('app.desk.assignee_me')}</option>
          {(agents ?? [])
            .filter((a) => a.is_active)
            .map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.full_name}
              </option>
            ))}
        </TextField>
      </Stack>
      <Box>
        <Button type="submit" variant="contained" size="small" disabled={!valid || save.isPending}>
          {translate('app.desk.add_task')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The lead's tasks (open ones by due time, then done ones) and a form to add one. */
export function LeadTasks() {
  const record = useRecordContext();
  const translate = useTranslate();
  const leadId = Number(record?.id);
  const { data } = useQuery({
    queryKey: deskKeys.tasks(leadId),
    queryFn: () => fetchLeadTasks(leadId),
    enabled: Number.isInteger(leadId),
  });
  if (!record) return null;
  const tasks = [...(data ?? [])].sort((a, b) => Number(a.done_at !== null) - Number(b.done_at !== null));
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.desk.tasks')}
        </Typography>
        {data && !tasks.length && <Typography color="text.secondary">{translate('app.desk.no_tasks')}</Typography>}
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="lead-tasks">
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </Stack>
        <AddTaskForm leadId={leadId} />
      </CardContent>
    </Card>
  );
}
