import { ApiProperty } from '@nestjs/swagger';
import { BulkDeleteResult } from '../../../shared/api/admin';

export class BulkDeleteResultDto implements BulkDeleteResult {
  @ApiProperty({ description: 'How many records were deleted.', example: 3 })
  deleted: number;
}
