import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import ViewListIcon from '@mui/icons-material/ViewList';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Link } from 'react-router';
import { useCreatePath } from 'react-admin';

/** Switches between the leads table and the pipeline board. */
export function ViewToggle({ current }: { current: 'list' | 'board' }) {
  const createPath = useCreatePath();
  const list = createPath({ resource: 'leads', type: 'list' });
  return (
    <ToggleButtonGroup size="small" value={current} exclusive aria-label="Leads view">
      <ToggleButton value="list" component={Link} to={list} aria-label="List view">
        <ViewListIcon fontSize="small" sx={{ mr: 0.5 }} /> List
      </ToggleButton>
      <ToggleButton value="board" component={Link} to={`${list}/board`} aria-label="Board view">
        <ViewColumnIcon fontSize="small" sx={{ mr: 0.5 }} /> Board
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
