import { ApiProperty } from '@nestjs/swagger';
import { AdminUser } from '../../../../shared/api/admin';

/** A customer, agent or admin as the back-office sees it (never the password hash). */
export class AdminUserDto implements AdminUser {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'Ana' }) first_name: string;
  @ApiProperty({ example: 'Gómez' }) last_name: string;
  @ApiProperty({ example: 'Ana Gómez' }) full_name: string;
  @ApiProperty({ example: 'ana@example.com' }) email: string;
  @ApiProperty({ example: '5551234567' }) phone: string;
  @ApiProperty({ description: 'E-mail verified (shown as Verified).' }) is_active: boolean;
  @ApiProperty({ description: 'Admin.' }) is_superuser: boolean;
  @ApiProperty() is_agent: boolean;
  @ApiProperty({ description: 'New public leads are assigned to this agent automatically (least busy first).' })
  receives_leads: boolean;
  @ApiProperty({ example: '2025-01-31T18:04:05.000Z' }) date_joined: string;
  @ApiProperty({ example: '2025-01-31 18:04' }) formatted_date_joined: string;
  @ApiProperty({ nullable: true, type: String }) last_login: string | null;
}
