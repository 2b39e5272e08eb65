import { TransformFnParams } from 'class-transformer';
import { normalizePhone } from '../../shared/rules/account';

/** class-transformer helpers: they leave non-strings alone so the validators report them. */
export const trim = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);
export const trimLower = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
export const digitsOfPhone = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? normalizePhone(value) : value;
