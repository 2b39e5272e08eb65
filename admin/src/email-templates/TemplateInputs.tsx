import { NumberInput, TextInput, useTranslate } from 'react-admin';
import { EMAIL_TEMPLATE_LIMITS, EMAIL_TEMPLATE_RULES } from '@shared/rules/email-template';
import { rule } from '../common/rules';

/** The fields the API takes; an empty follow-up day is null (sent by hand only). */
export function templatePayload(values: Record<string, unknown>) {
  const day = values.sequence_day;
  return {
    name: values.name,
    subject: values.subject,
    body: values.body,
    sequence_day: day === '' || day === undefined || day === null ? null : Number(day),
  };
}

export function TemplateInputs() {
  const translate = useTranslate();
  return (
    <>
      <TextInput
        source="name"
        validate={rule(EMAIL_TEMPLATE_RULES.name, true)}
        slotProps={{ htmlInput: { maxLength: EMAIL_TEMPLATE_LIMITS.name } }}
      />
      <TextInput
        source="subject"
        validate={rule(EMAIL_TEMPLATE_RULES.subject, true)}
        helperText={translate('app.mail.variables')}
        slotProps={{ htmlInput: { maxLength: EMAIL_TEMPLATE_LIMITS.subject } }}
      />
      <TextInput
        source="body"
        multiline
        minRows={8}
        validate={rule(EMAIL_TEMPLATE_RULES.body, true)}
        helperText={translate('app.mail.variables')}
      />
      <NumberInput
        source="sequence_day"
        min={0}
        max={EMAIL_TEMPLATE_LIMITS.sequenceDayMax}
        step={1}
        validate={rule(EMAIL_TEMPLATE_RULES.sequence_day)}
        helperText={translate('app.mail.sequence_help')}
      />
    </>
  );
}
