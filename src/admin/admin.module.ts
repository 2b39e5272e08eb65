import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { MediaModule } from '../media/media.module';
import { UsersModule } from '../users/users.module';
import { AgentsController } from './agents/agents.controller';
import { AuditLogController } from './audit-log/audit-log.controller';
import { AuditLogRepository } from './audit-log/audit-log.repository';
import { AuditLogService } from './audit-log/audit-log.service';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { LeadNotesController, LeadTimelineController, TasksController } from './desk/lead-desk.controllers';
import { LeadLinksRepository } from './desk/lead-links.repository';
import { LeadNotesRepository } from './desk/lead-notes.repository';
import { LeadTasksRepository } from './desk/lead-tasks.repository';
import { FollowUpsRepository } from './desk/follow-ups.repository';
import { PacksRepository } from './packs/packs.repository';
import { AdminLeadsRepository } from './leads/admin-leads.repository';
import { DashboardRepository } from './dashboard/dashboard.repository';
import { AdminUsersRepository } from './users/admin-users.repository';
import { DestinationsRepository } from './destinations/destinations.repository';
import { EmailTemplatesRepository } from './desk/email-templates.repository';
import { ThingsToDoRepository } from './destinations/things-to-do.repository';
import { LeadNotesService } from './desk/lead-notes.service';
import { LeadTimelineRepository } from './desk/lead-timeline.repository';
import { LeadTimelineService } from './desk/lead-timeline.service';
import { TaskRemindersService } from './desk/task-reminders.service';
import { TasksService } from './desk/tasks.service';
import { EmailTemplatesController } from './desk/email-templates.controller';
import { EmailTemplatesService } from './desk/email-templates.service';
import { FollowUpsService } from './desk/follow-ups.service';
import { LeadMailController } from './desk/lead-mail.controller';
import { LeadMailService } from './desk/lead-mail.service';
import { SavedViewsController } from './desk/saved-views.controller';
import { SavedViewsRepository } from './desk/saved-views.repository';
import { SavedViewsService } from './desk/saved-views.service';
import { DestinationsController } from './destinations/destinations.controller';
import { DestinationsService } from './destinations/destinations.service';
import { ThingsToDoController } from './destinations/things-to-do.controller';
import { ThingsToDoService } from './destinations/things-to-do.service';
import { AdminLeadsController } from './leads/admin-leads.controller';
import { AdminLeadsService } from './leads/admin-leads.service';
import { LeadDeskService } from './leads/lead-desk.service';
import { LeadAccountService } from './leads/lead-account.service';
import { LeadsExportService } from './leads/leads-export.service';
import { LeadSearchIndex } from './leads/lead-search-index.repository';
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
    AuditLogController,
    EmailTemplatesController,
    LeadMailController,
    SavedViewsController,
    LeadNotesController,
    TasksController,
    LeadTimelineController,
  ],
  providers: [
    AdminUsersService,
    PacksService,
    AdminLeadsService,
    LeadAccountService,
    LeadDeskService,
    LeadsExportService,
    LeadSearchIndex,
    DestinationsService,
    ThingsToDoService,
    DashboardService,
    AuditLogService,
    AuditLogRepository,
    EmailTemplatesService,
    LeadMailService,
    FollowUpsService,
    SavedViewsService,
    SavedViewsRepository,
    LeadNotesService,
    LeadNotesRepository,
    LeadLinksRepository,
    LeadTasksRepository,
    FollowUpsRepository,
    PacksRepository,
    AdminLeadsRepository,
    DashboardRepository,
    AdminUsersRepository,
    DestinationsRepository,
    EmailTemplatesRepository,
    ThingsToDoRepository,
    TasksService,
    LeadTimelineService,
    LeadTimelineRepository,
    TaskRemindersService,
  ],
})
export class AdminModule {}
