import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { SatisfiesRule, trimString } from '../../leads/http/satisfies-rule.decorator';
import {
  validateContactEmail,
  validateContactFirstName,
  validateContactLastName,
  validateContactMessage,
  validateContactPhone,
} from '../../shared/rules/contact';

/** Contact form payload (SPEC section 7). Messages come from src/shared/rules/contact.ts. */
export class SubmitContactDto {
  @ApiProperty({ maxLength: 50 })
  @Transform(trimString)
  @SatisfiesRule(validateContactFirstName)
  firstName: string;

  @ApiProperty({ maxLength: 50 })
  @Transform(trimString)
  @SatisfiesRule(validateContactLastName)
  lastName: string;

  @ApiPropertyOptional({ description: 'Optional; 10 to 15 digits when given.' })
  @Transform(trimString)
  @SatisfiesRule(validateContactPhone)
  phone?: string | null;

  @ApiProperty({ maxLength: 320 })
  @Transform(trimString)
  @SatisfiesRule(validateContactEmail)
  email: string;

  @ApiProperty({ maxLength: 1500 })
  @Transform(trimString)
  @SatisfiesRule(validateContactMessage)
  message: string;
}
