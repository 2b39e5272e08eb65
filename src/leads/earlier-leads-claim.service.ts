import { Injectable, OnModuleInit } from '@nestjs/common';
import { MailboxProofService } from '../users/mailbox-proof.service';
import { LeadsRepository } from './leads.repository';

/**
 * Once an account's holder has proven its mailbox, the leads sent with its address that belong to
 * no account join it, in the proof's transaction (see MailboxProofService).
 */
@Injectable()
export class EarlierLeadsClaimService implements OnModuleInit {
  constructor(
    private readonly mailboxProof: MailboxProofService,
    private readonly leads: LeadsRepository,
  ) {}

  onModuleInit(): void {
    this.mailboxProof.follow((m, account) => this.leads.claimForAccount(m, account.email, account.id));
  }
}
