import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';

@Module({ imports: [LeadsModule], controllers: [ContactController], providers: [ContactService] })
export class ContactModule {}
