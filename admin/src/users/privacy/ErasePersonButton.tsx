import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useState } from 'react';
import { Button } from 'react-admin';
import { ErasePersonDialog } from './ErasePersonDialog';

/** Opens the 'erase a person' dialog (an erasure request by e-mail address). */
export function ErasePersonButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.privacy.erase_button" onClick={() => setOpen(true)}>
        <PersonRemoveIcon />
      </Button>
      <ErasePersonDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
