import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { AgentsController } from './agents/agents.controller';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { DestinationsController } from './destinations/destinations.controller';
import { DestinationsService } from './destinations/destinations.service';
import { ThingsToDoController } from './destinations/things-to-do.controller';
import { ThingsToDoService } from './destinations/things-to-do.service';
import { AdminLeadsController } from './leads/admin-leads.controller';
import { AdminLeadsService } from './leads/admin-leads.service';
import { LeadAccountService } from './leads/lead-account.service';
import { LeadsExportService } from './leads/leads-export.service';
import { LeadSearchIndex } from './leads/lead-search-index';
import { PacksController } from './packs/packs.controller';
import { PacksService } from './packs/packs.service';
import { AdminUsersController } from './users/admin-users.controller';
import { AdminUsersService } from './users/admin-users.service';

/** The back-office API under /api/admin: every route is admin-only. */
@Module({
  imports: [LeadsModule, MediaModule, UsersModule],
  controllers: [
    AgentsController,
    AdminUsersController,
    PacksController,
    AdminLeadsController,
    DestinationsController,
    ThingsToDoController,
    DashboardController,
  ],
  providers: [
    AdminUsersService,
    PacksService,
    AdminLeadsService,
    LeadAccountService,
    LeadsExportService,
    LeadSearchIndex,
    DestinationsService,
    ThingsToDoService,
    DashboardService,
  ],
})
export class AdminModule {}
