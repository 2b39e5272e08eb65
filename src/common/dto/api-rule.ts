import type { ApiPropertyOptions } from '@nestjs/swagger';
import { FieldRule, limitsOf } from '../../../shared/rules/form';

/**
 * `@ApiProperty` options of a field checked by `rule` (with @FollowsRule): the length limits come
 * from the rule itself (shared/rules), so the OpenAPI document never restates a limit by hand.
 * `options` adds what only the document needs (type, example, description, nullable…).
 */
export function fromRule(rule: FieldRule<never>, options: ApiPropertyOptions = {}): ApiPropertyOptions {
  return { ...limitsOf(rule), ...options } as ApiPropertyOptions;
}
