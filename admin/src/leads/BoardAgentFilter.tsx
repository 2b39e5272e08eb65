import { MenuItem, TextField } from '@mui/material';
import { useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';

/** The board's agent filter, kept in the address (?agent=mine|none|<id>) so a view can be shared. */
export function useBoardAgent(): {
  value: string;
  setValue: (next: string) => void;
  filter: Record<string, unknown>;
} {
  const [params, setParams] = useSearchParams();
  const { identity } = useGetIdentity();
  const value = params.get('agent') ?? '';
  const setValue = (next: string) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next) out.set('agent', next);
        else out.delete('agent');
        return out;
      },
      { replace: true },
    );
  let filter: Record<string, unknown> = {};
  if (value === 'mine') filter = identity ? { agent_id: identity.id } : {};
  else if (value === 'none') filter = { agent_id: 'none' };
  else if (/^\d+$/.test(value)) filter = { agent_id: Number(value) };
  return { value, setValue, filter };
}

/** All agents, mine, unassigned, or one agent, for every column of the board at once. */
export function BoardAgentFilter({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const translate = useTranslate();
  const { data: agents } = useGetList('agents', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'full_name', order: 'ASC' },
  });
  return (
    <TextField
      select
      size="small"
      label={translate('resources.leads.fields.agent_id')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 200 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid="board-agent"
    >
      <MenuItem value="">{translate('app.leads.all_agents')}</MenuItem>
      <MenuItem value="mine">{translate('app.views.mine')}</MenuItem>
      <MenuItem value="none">{translate('app.common.unassigned')}</MenuItem>
      {(agents ?? []).map((agent) => (
        <MenuItem key={agent.id} value={String(agent.id)}>
          {agent.full_name}
        </MenuItem>
      ))}
    </TextField>
  );
}
