/**
 * Text rules of the back-office forms, whose English messages name the field: 'Title is
 * required', 'Title cannot exceed 100 characters'. Single-line fields (names, titles, places)
 * also refuse line breaks and other control characters.
 */
import { FieldRule, text } from './form';

function labelled(label: string, max: number, opts: { required: boolean; singleLine: boolean }): FieldRule<unknown> {
  return text(
    {
      required: opts.required ? `${label} is required` : undefined,
      notText: `${label} must be text`,
      invalid: opts.singleLine ? `${label} contains characters that are not allowed` : undefined,
      tooLong: `${label} cannot exceed ${max} characters`,
    },
    max,
  );
}

/** A required single line of at most `max` characters, e.g. requiredLine('Name', 100). */
export const requiredLine = (label: string, max: number) => labelled(label, max, { required: true, singleLine: true });

/** Required text that may span lines (descriptions). */
export const requiredText = (label: string, max: number) => labelled(label, max, { required: true, singleLine: false });

/** Optional text that may span lines (notes). */
export const optionalText = (label: string, max: number) =>
  labelled(label, max, { required: false, singleLine: false });
