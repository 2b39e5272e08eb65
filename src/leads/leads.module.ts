import { Module } from '@nestjs/common';
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

@Module({
  controllers: [LeadVerificationController, LeadsController],
  providers: [
    LeadsService,
    LeadIntakeRepository,
    LeadCodeRepository,
    LeadVerificationService,
    LeadNotifierService,
    LeadsCleanupService,
    LeadSlaService,
    LeadSlaRepository,
  ],
  exports: [LeadsService, LeadVerificationService],
})
export class LeadsModule {}
