import { useFormContext, useWatch } from 'react-hook-form';
import { useRecordContext } from 'react-admin';
import { SaveToolbar } from '../common/SaveToolbar';

const FIELDS = ['name', 'location', 'description', 'status'] as const;

/**
 * Save is enabled only when name and location are filled and one of name, location,
 * description, status or the main image changed; gallery or hotel changes alone do not count.
 */
export function DestinationSaveToolbar() {
  const record = useRecordContext();
  const { control } = useFormContext();
  const values = useWatch({ control, name: [...FIELDS, 'main_picture'] });
  const [name, location] = values as string[];
  const filled = Boolean(name?.trim()) && Boolean(location?.trim());
  const changed =
    !record ||
    FIELDS.some((field, i) => (values[i] ?? '') !== (record[field] ?? '')) ||
    (values[4]?.src ?? null) !== (record.main_picture?.src ?? null);
  return <SaveToolbar disabled={!filled || !changed} />;
}
