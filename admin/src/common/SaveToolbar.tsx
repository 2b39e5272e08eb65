import { SaveButton, Toolbar, ToolbarProps, useSaveContext } from 'react-admin';

/** Save reads 'Saving...' and stays disabled while the call runs (react-admin also keeps it disabled until a change). */
export function SaveToolbar({ disabled, ...props }: ToolbarProps & { disabled?: boolean }) {
  const { saving } = useSaveContext();
  return (
    <Toolbar {...props}>
      <SaveButton label={saving ? 'app.common.saving' : 'app.common.save'} disabled={disabled || saving || undefined} />
    </Toolbar>
  );
}
