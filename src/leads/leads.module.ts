import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/entities/user.entity';
import { UsersModule } from '../users/users.module';
import { EarlierLeadsClaimService } from './earlier-leads-claim.service';
import { Lead } from './entities/lead.entity';
import { LeadsRepository } from './leads.repository';
import { LeadEventsRepository } from './lead-events.repository';
import { LeadIntakeRepository } from './intake/lead-intake.repository';
import { LeadCodeRepository } from './lead-code.repository';
import { LeadNotifierService } from './lead-notifier.service';
import { LeadVerificationController } from './lead-verification.controller';
import { LeadVerificationService } from './lead-verification.service';
import { LeadsCleanupService } from './leads-cleanup.service';
import { LeadSlaService } from './lead-sla.service';
import { LeadSlaRepository } from './lead-sla.repository';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';
import { OwnLeadsController } from './own-leads.controller';
import { OwnLeadsService } from './own-leads.service';

@Module({
  imports: [UsersModule, TypeOrmModule.forFeature([Lead, User])],
  controllers: [LeadVerificationController, LeadsController, OwnLeadsController],
  providers: [
    LeadsRepository,
    LeadEventsRepository,
    EarlierLeadsClaimService,
    OwnLeadsService,
    LeadsService,
    LeadIntakeRepository,
    LeadCodeRepository,
    LeadVerificationService,
    LeadNotifierService,
    LeadsCleanupService,
    LeadSlaService,
    LeadSlaRepository,
  ],
  exports: [LeadsRepository, LeadEventsRepository, LeadsService, LeadVerificationService],
})
export class LeadsModule {}
