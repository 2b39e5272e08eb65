import { Injectable, OnModuleInit } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { MailboxProofService } from '../users/mailbox-proof.service';
import { Lead } from './entities/lead.entity';

/**
 * Once an account's holder has proven its mailbox, the leads sent with its address that belong to
 * no account join it, in the proof's transaction (see MailboxProofService).
 */
@Injectable()
export class EarlierLeadsClaimService implements OnModuleInit {
  constructor(private readonly mailboxProof: MailboxProofService) {}

  onModuleInit(): void {
    this.mailboxProof.follow((m, account) =>
      m
        .getRepository(Lead)
        .update({ email: account.email, user_id: IsNull() }, { user_id: account.id })
        .then(() => undefined),
    );
  }
}
