import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { ContactMessagesRepository } from './contact-messages.repository';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';

@Module({
  imports: [LeadsModule],
  controllers: [ContactController],
  providers: [ContactMessagesRepository, ContactService],
})
export class ContactModule {}
