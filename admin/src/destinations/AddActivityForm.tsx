import { Box, Button, Stack, TextField as MuiTextField } from '@mui/material';
import { useState } from 'react';
import { THING_TO_DO_RULES } from '@shared/rules/destination';
import { validateForm } from '@shared/rules/form';
import { useTranslate } from 'react-admin';

/** The 'Add Activity' form of the things-to-do dialog. */
export function AddActivityForm({
  onAdd,
  onCancel,
}: {
  onAdd: (values: { title: string; description: string }) => Promise<Record<string, string> | null>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState({ title: '', description: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const translate = useTranslate();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateForm(THING_TO_DO_RULES, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    const serverErrors = await onAdd({ title: values.title.trim(), description: values.description.trim() });
    setSaving(false);
    if (serverErrors) setErrors(serverErrors);
  };
  const field = (name: 'title' | 'description') => ({
    name,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: e.target.value }),
    error: Boolean(errors[name]),
    helperText: errors[name] ? translate(errors[name], { _: errors[name] }) : ' ',
    fullWidth: true,
    required: true,
  });
  return (
    <Box
      component="form"
      onSubmit={(e) => void submit(e)}
      noValidate
      sx={{ mt: 2 }}
      aria-label={translate('app.destinations.activity_form')}
    >
      <MuiTextField label={translate('app.destinations.activity_title')} {...field('title')} autoFocus />
      <MuiTextField
        label={translate('app.destinations.activity_description')}
        multiline
        minRows={2}
        {...field('description')}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={saving}>
          {translate('app.common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {translate(saving ? 'app.common.saving' : 'app.destinations.save_activity')}
        </Button>
      </Stack>
    </Box>
  );
}
