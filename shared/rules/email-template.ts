/** E-mail templates of the lead desk and the replies sent from a lead: rules and English messages. */
import { requiredLine, requiredText } from './admin-fields';
import { FieldRule, idRule, withLimits } from './form';

/** The variables a template may use; anything else between {{ }} is refused. */
export const TEMPLATE_VARIABLES = ['nombre', 'apellido', 'destino', 'pack', 'precio', 'agente'] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

export const EMAIL_TEMPLATE_LIMITS = { name: 100, subject: 200, body: 10_000, sequenceDayMax: 30 } as const;

export const EMAIL_TEMPLATE_MESSAGES = {
  unknownVariable: (name: string) =>
    `Unknown variable {{${name}}}: use ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`,
  sequenceDay: `Sequence day must be empty or a whole number from 0 to ${EMAIL_TEMPLATE_LIMITS.sequenceDayMax}`,
  templateOrText: 'Choose a template, or write a subject and a body',
  templateNotFound: 'Template not found',
  anonymised: 'This lead was anonymised: it has no e-mail address to write to',
} as const;

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The first variable of the text that is not one of TEMPLATE_VARIABLES, if any. */
export function unknownVariable(text: string): string | undefined {
  for (const match of text.matchAll(VARIABLE)) {
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(match[1])) return match[1];
  }
  return undefined;
}

/** Replaces each {{variable}} with its value, passed through `escape` (HTML or nothing). */
export function fillVariables(
  text: string,
  values: Record<TemplateVariable, string>,
  escape: (s: string) => string = (s) => s,
): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? escape(values[name as TemplateVariable]) : whole,
  );
}

/** A text rule, then the variables check. */
function withVariables(rule: FieldRule<unknown>): FieldRule<unknown> {
  return (value, values) => {
    const problem = rule(value, values);
    if (problem || typeof value !== 'string') return problem;
    const unknown = unknownVariable(value);
    return unknown === undefined ? undefined : EMAIL_TEMPLATE_MESSAGES.unknownVariable(unknown);
  };
}

const subjectRule = requiredLine('Subject', EMAIL_TEMPLATE_LIMITS.subject);
const bodyRule = requiredText('Body', EMAIL_TEMPLATE_LIMITS.body);

export const EMAIL_TEMPLATE_RULES = {
  name: requiredLine('Name', EMAIL_TEMPLATE_LIMITS.name),
  subject: withLimits(withVariables(subjectRule), { maxLength: EMAIL_TEMPLATE_LIMITS.subject }),
  body: withLimits(withVariables(bodyRule), { maxLength: EMAIL_TEMPLATE_LIMITS.body }),
  sequence_day: ((value) =>
    value === undefined ||
    value === null ||
    (typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= 0 &&
      value <= EMAIL_TEMPLATE_LIMITS.sequenceDayMax)
      ? undefined
      : EMAIL_TEMPLATE_MESSAGES.sequenceDay) as FieldRule<unknown>,
};

type SendValues = { template_id?: unknown; subject?: unknown; body?: unknown };
const hasTemplate = (values: SendValues) => values.template_id !== undefined && values.template_id !== null;

/**
 * POST /api/admin/leads/{id}/send-email and preview-email: a template (its subject or body may be
 * replaced by an edited one), or a subject and a body.
 */
export const SEND_EMAIL_RULES = {
  template_id: ((value, values: SendValues) => {
    if (!hasTemplate(values))
      return values.subject === undefined && values.body === undefined
        ? EMAIL_TEMPLATE_MESSAGES.templateOrText
        : undefined;
    return idRule(null, 'Template')(value, values);
  }) as FieldRule<never>,
  subject: ((value, values: SendValues) =>
    hasTemplate(values) && value === undefined
      ? undefined
      : EMAIL_TEMPLATE_RULES.subject(value, values)) as FieldRule<never>,
  body: ((value, values: SendValues) =>
    hasTemplate(values) && value === undefined
      ? undefined
      : EMAIL_TEMPLATE_RULES.body(value, values)) as FieldRule<never>,
};
