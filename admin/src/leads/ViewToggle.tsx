import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import ViewListIcon from '@mui/icons-material/ViewList';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Link } from 'react-router';
import { useCreatePath, useTranslate } from 'react-admin';

/** Switches between the leads table and the pipeline board. */
export function ViewToggle({ current }: { current: 'list' | 'board' }) {
  const createPath = useCreatePath();
  const translate = useTranslate();
  const list = createPath({ resource: 'leads', type: 'list' });
  return (
    <ToggleButtonGroup size="small" value={current} exclusive aria-label={translate('app.leads.views')}>
      <ToggleButton value="list" component={Link} to={list} aria-label={translate('app.leads.list_view')}>
        <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} /> {translate('app.leads.list')}
      </ToggleButton>
      <ToggleButton value="board" component={Link} to={`${list}/board`} aria-label={translate('app.leads.board_view')}>
        <ViewColumnIcon fontSize="small" sx={{ mr: 0.5 }} /> {translate('app.leads.board')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
