import { TransformFnParams } from 'class-transformer';
import { normalizePhone } from '../../../shared/rules/primitives';

/**
 * class-transformer helpers that shape a value for storage before the rules check it. They
 * leave values of the wrong type alone so the rules report them.
 */
export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);
export const trimLower = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
/** "+1 (809) 555-1234" is stored as 18095551234; text that is not a phone stays as typed, to be refused. */
export const digitsOfPhone = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? (normalizePhone(value) ?? value.trim()) : value;
