import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { LeadResponse } from '../shared/api/leads';
import { BackgroundMailService } from './background-mail.service';
import { newLeadMail } from './lead-mails';

/** Tells the agency about each new public lead (LEADS_NOTIFY_EMAIL), without holding up the visitor. */
@Injectable()
export class LeadNotifierService {
  constructor(
    private readonly config: AppConfig,
    private readonly mailer: BackgroundMailService,
  ) {}

  notifyNewLead(lead: LeadResponse): void {
    const to = this.config.leadsNotifyEmail;
    if (!to) return;
    this.mailer.enqueue(newLeadMail(to, lead, this.config.publicUrl), `New lead #${lead.id} notice`);
  }
}
