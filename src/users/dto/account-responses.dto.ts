import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  ActionResult,
  AdminLoginResult,
  ChangePasswordResult,
  CsrfResult,
  EarlierLeadsStatus,
  SignInLinkResult,
  SignUpResult,
  TokenPair,
  UserProfile,
} from '../../../shared/api/account';

/** OpenAPI descriptions of the account responses; the shapes themselves live in shared/api/account.ts. */
export class TokenPairDto implements TokenPair {
  @ApiProperty({ description: 'HS256 JWT, 5 minutes; claims user_id, is_admin, token_type "access".' })
  access: string;

  @ApiProperty({ description: 'HS256 JWT; single use (rotated on refresh), at most 7 days after login.' })
  refresh: string;
}

export class ActionResultDto implements ActionResult {
  @ApiProperty()
  success: boolean;

  @ApiProperty()
  message: string;
}

export class SignInLinkResultDto extends ActionResultDto implements SignInLinkResult {
  @ApiProperty({ description: 'Where to sign in: the back-office (true) or the site.' })
  is_admin: boolean;
}

export class EarlierLeadsStatusDto implements EarlierLeadsStatus {
  @ApiProperty({
    description:
      'true: every lead sent with the account’s address is the account’s; false: only those sent after it was verified.',
  })
  confirmed: boolean;
}

export class AdminLoginResultDto extends ActionResultDto implements AdminLoginResult {
  @ApiProperty()
  is_admin: boolean;

  @ApiProperty({ description: 'An agent of the lead desk (leads, notes, tasks, replies; not the admin pages).' })
  is_agent: boolean;

  @ApiPropertyOptional({ description: 'Only for an active admin or agent.' })
  access?: string;

  @ApiPropertyOptional({ description: 'Only for an active admin.' })
  refresh?: string;
}

export class UserProfileDto implements UserProfile {
  @ApiProperty() id: number;
  @ApiProperty() email: string;
  @ApiProperty() first_name: string;
  @ApiProperty() last_name: string;
  @ApiProperty() full_name: string;
  @ApiProperty() phone: string;
  @ApiProperty({ description: 'false until the e-mail is verified.' }) is_active: boolean;
  @ApiProperty({ description: 'Admin flag (is_admin in tokens).' }) is_superuser: boolean;
  @ApiProperty({ format: 'date-time' }) date_joined: string;
  @ApiProperty({ example: '2025-01-31 14:05' }) formatted_date_joined: string;
  @ApiPropertyOptional({
    description: 'GET/PUT /users/user/{id}/ only: "Quiero recibir ofertas por e-mail" is on (withdrawable).',
  })
  marketing_opt_in?: boolean;
}

export class SignUpResultDto extends ActionResultDto implements SignUpResult {
  @ApiProperty({ type: UserProfileDto })
  user: UserProfileDto;
}

/** POST /users/sign-up/: {success, message} for a customer, whatever the address; the new admin for an admin. */
export class PublicSignUpResultDto extends ActionResultDto {
  @ApiPropertyOptional({
    type: UserProfileDto,
    description: 'Only when an admin creates an admin (is_superuser true with an admin token).',
  })
  user?: UserProfileDto;
}

export class ChangePasswordResultDto extends ActionResultDto implements ChangePasswordResult {
  @ApiProperty({ description: 'A fresh access token (the old ones stop working).' })
  access: string;

  @ApiProperty({ description: 'A fresh refresh token (every other session was revoked).' })
  refresh: string;
}

export class CsrfResultDto implements CsrfResult {
  @ApiProperty({ description: 'Same value as the csrftoken cookie just set; send it back as X-CSRFToken.' })
  csrfToken: string;
}
