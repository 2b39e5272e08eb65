import { Module } from '@nestjs/common';
import { BackgroundMailService } from './background-mail.service';
import { IpRateLimitGuard } from './http/ip-rate-limit.guard';
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
    LeadVerificationService,
    LeadNotifierService,
    LeadsCleanupService,
    BackgroundMailService,
    IpRateLimitGuard,
  ],
  exports: [LeadsService, LeadVerificationService, BackgroundMailService, IpRateLimitGuard],
})
export class LeadsModule {}
