import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { fromRule } from '../../../common/dto/api-rule';
import { FollowsRule } from '../../../common/dto/follows-rule.decorator';
import { EMAIL_TEMPLATE_LIMITS, EMAIL_TEMPLATE_RULES, SEND_EMAIL_RULES } from '../../../../shared/rules/email-template';

const VARIABLES =
  'Variables: {{nombre}}, {{apellido}}, {{destino}}, {{pack}}, {{precio}}, {{agente}}; any other is a 400.';

/** The whole template form, for both POST and PUT. */
export class EmailTemplateInputDto {
  @ApiProperty(fromRule(EMAIL_TEMPLATE_RULES.name, { example: 'Primer contacto' }))
  @FollowsRule(EMAIL_TEMPLATE_RULES.name)
  name: string;

  @ApiProperty(fromRule(EMAIL_TEMPLATE_RULES.subject, { example: 'Tu viaje a {{destino}}', description: VARIABLES }))
  @FollowsRule(EMAIL_TEMPLATE_RULES.subject)
  subject: string;

  @ApiProperty(fromRule(EMAIL_TEMPLATE_RULES.body, { example: 'Hola {{nombre}}:\n\n…', description: VARIABLES }))
  @FollowsRule(EMAIL_TEMPLATE_RULES.body)
  body: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: EMAIL_TEMPLATE_LIMITS.sequenceDayMax,
    description: 'Day of the follow-up sequence of new leads (0, 2, 5…); null: sent by hand only.',
  })
  @FollowsRule(EMAIL_TEMPLATE_RULES.sequence_day)
  sequence_day?: number | null;
}

export class EmailTemplateDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() subject: string;
  @ApiProperty() body: string;
  @ApiProperty({ type: 'integer', nullable: true }) sequence_day: number | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** A reply to a lead: a template (its subject or body may be replaced by edited ones), or a subject and a body. */
export class SendLeadEmailDto {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'A template; subject and body, when sent with it, replace its own (an edited template).',
  })
  @FollowsRule(SEND_EMAIL_RULES.template_id)
  template_id?: number;

  @ApiPropertyOptional({ maxLength: EMAIL_TEMPLATE_LIMITS.subject, description: VARIABLES })
  @FollowsRule(SEND_EMAIL_RULES.subject)
  subject?: string;

  @ApiPropertyOptional({ maxLength: EMAIL_TEMPLATE_LIMITS.body, description: VARIABLES })
  @FollowsRule(SEND_EMAIL_RULES.body)
  body?: string;
}

export class LeadEmailPreviewDto {
  @ApiProperty() to: string;
  @ApiProperty() subject: string;
  @ApiProperty() body_text: string;
  @ApiProperty() body_html: string;
}
