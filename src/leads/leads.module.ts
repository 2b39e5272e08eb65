import { Module } from '@nestjs/common';
import { LeadIntakeStore } from './intake/lead-intake.store';
import { LeadCodeStore } from './lead-code.store';
import { LeadNotifierService } from './lead-notifier.service';
import { LeadVerificationController } from './lead-verification.controller';
import { LeadVerificationService } from './lead-verification.service';
import { LeadsCleanupService } from './leads-cleanup.service';
import { LeadsController } from './leads.controller';
import { LeadsService } from './leads.service';

@Module({
  controllers: [LeadVerificationController, LeadsController],
  providers: [
    LeadsService,
    LeadIntakeStore,
    LeadCodeStore,
    LeadVerificationService,
    LeadNotifierService,
    LeadsCleanupService,
  ],
  exports: [LeadsService, LeadVerificationService],
})
export class LeadsModule {}
