import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AdminPrivacyController } from './admin-privacy.controller';
import { ErasureRepository } from './erasure.repository';
import { ErasureService } from './erasure.service';
import { PersonalDataRepository } from './personal-data.repository';
import { PrivacyController } from './privacy.controller';
import { PrivacyService } from './privacy.service';
import { RetentionService } from './retention.service';
import { StopLinkController } from './stop-link.controller';
import { StopLinkService } from './stop-link.service';

/**
 * The person's rights over their data (issue #30): export and account deletion, the back-office's
 * erasure by address, the stop link of automated mail, and the daily retention job.
 */
@Module({
  imports: [UsersModule],
  controllers: [PrivacyController, AdminPrivacyController, StopLinkController],
  providers: [
    PersonalDataRepository,
    ErasureRepository,
    ErasureService,
    PrivacyService,
    RetentionService,
    StopLinkService,
  ],
})
export class PrivacyModule {}
