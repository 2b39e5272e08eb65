import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/decorators/authenticated.decorator';
import { AdminDashboard } from '../../../shared/api/admin-dashboard';
import { DashboardService } from './dashboard.service';

@ApiTags('admin')
@Authenticated({ desk: true })
@Controller('admin/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOperation({
    summary:
      'Dashboard figures: new leads today and this week (UTC), leads per day over 30 days, by status and destination, latest and unassigned leads.',
  })
  @ApiOkResponse({ description: 'AdminDashboard (shared/api/admin-dashboard.ts).' })
  figures(): Promise<AdminDashboard> {
    return this.dashboard.figures();
  }
}
