import { InputAdornment } from '@mui/material';
import { BooleanInput, DateInput, ReferenceInput, SelectInput, TextArrayInput, TextInput } from 'react-admin';
import { LIMITS } from '@shared/limits';
import { PACK_RULES } from '@shared/rules/pack';
import { rule } from '../common/rules';

/** Digits and one dot with at most 2 decimals, as the price is typed. */
export const moneyText = (value: string | number | null) => {
  if (value === null || value === undefined) return '';
  const cleaned = String(value)
    .replace(/[^\d.]/g, '')
    .replace(/(\..*)\./g, '$1');
  const match = cleaned.match(/^(\d*)(\.\d{0,2})?/);
  return match ? match[1] + (match[2] ?? '') : '';
};

/** The API takes prices as numbers, and no discount as null. */
export function packPayload(values: Record<string, unknown>) {
  const money = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
  return { ...values, price: money(values.price), discount_price: money(values.discount_price) };
}

/** Prices are in US dollars in every language. */
const CURRENCY = 'USD';

const usdAdornment = {
  input: { startAdornment: <InputAdornment position="start">{CURRENCY}</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

export function PackInputs() {
  return (
    <>
      <TextInput
        source="name"
        validate={rule(PACK_RULES.name, true)}
        slotProps={{ htmlInput: { maxLength: LIMITS.pack.name } }}
      />
      <TextInput source="description" multiline minRows={3} validate={rule(PACK_RULES.description, true)} />
      <ReferenceInput
        source="destination_id"
        reference="destinations"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={200}
      >
        <SelectInput optionText="name" validate={rule(PACK_RULES.destination_id, true)} />
      </ReferenceInput>
      <TextInput
        source="price"
        parse={moneyText}
        format={moneyText}
        validate={rule(PACK_RULES.price, true)}
        slotProps={usdAdornment}
      />
      <TextInput
        source="discount_price"
        parse={moneyText}
        format={moneyText}
        validate={rule(PACK_RULES.discount_price)}
        slotProps={usdAdornment}
        helperText="app.packs.discount_help"
      />
      <DateInput source="available_from" validate={rule(PACK_RULES.available_from, true)} />
      <DateInput source="available_to" validate={rule(PACK_RULES.available_to, true)} />
      <TextArrayInput source="amenities" validate={rule(PACK_RULES.amenities)} helperText="app.packs.amenities_help" />
      <TextArrayInput source="features" validate={rule(PACK_RULES.features)} helperText="app.packs.features_help" />
      <BooleanInput source="is_featured" />
    </>
  );
}
