import type { DestinationDetail } from '@shared/api/catalogue';
import { LIMITS } from '@shared/limits';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { CheckboxField, SelectField, TextField } from '../../components/ui/field';
import { PRIVACY } from '../../config/privacy';
import { LEAD_FIELD_RULES } from './lead-rules';
import type { LeadValues } from './use-lead-flow';

/**
 * The lead form's fields. The modal labels each field and lets the visitor choose the
 * destination; the destination page's form carries it hidden and shows placeholders instead.
 */
export function LeadFields({
  register,
  errors,
  variant,
  destinations,
}: {
  register: UseFormRegister<LeadValues>;
  errors: FieldErrors<LeadValues>;
  variant: 'modal' | 'page';
  destinations?: DestinationDetail[] | null;
}) {
  const page = variant === 'page';
  return (
    <div className="form-grid">
      {page ? (
        <input type="hidden" {...register('destination_id')} />
      ) : (
        <div className="form-grid__wide">
          <SelectField
            label="Destino"
            required
            error={errors.destination_id?.message}
            {...register('destination_id', { validate: LEAD_FIELD_RULES.destination_id })}
          >
            <option value="">{destinations ? 'Elige un destino' : 'Cargando destinos…'}</option>
            {destinations?.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <TextField
        label="Nombre"
        required
        hideLabel={page}
        placeholder={page ? 'First Name*' : undefined}
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName', { validate: LEAD_FIELD_RULES.firstName })}
      />
      <TextField
        label="Apellido"
        required
        hideLabel={page}
        placeholder={page ? 'Last Name*' : undefined}
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName', { validate: LEAD_FIELD_RULES.lastName })}
      />
      <TextField
        label="Correo electrónico"
        required
        hideLabel={page}
        type="email"
        placeholder={page ? 'Email*' : undefined}
        autoComplete="email"
        maxLength={LIMITS.email.max}
        error={errors.email?.message}
        {...register('email', { validate: LEAD_FIELD_RULES.email })}
      />
      <TextField
        label="Teléfono"
        required
        hideLabel={page}
        type="tel"
        placeholder={page ? 'Phone*' : undefined}
        autoComplete="tel"
        maxLength={24}
        error={errors.phone?.message}
        {...register('phone', { validate: LEAD_FIELD_RULES.phone })}
      />
      <div className="form-grid__wide">
        <CheckboxField label={PRIVACY.marketingLabel} {...register('marketing_opt_in')} />
      </div>
    </div>
  );
}
