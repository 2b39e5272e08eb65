import { Global, Module } from '@nestjs/common';
import { AuditLogEntriesRepository } from './audit-log-entries.repository';
import { AuditService } from './audit.service';

/** The back-office audit log: AuditService writes entries inside the callers' transactions. */
@Global()
@Module({ providers: [AuditLogEntriesRepository, AuditService], exports: [AuditService] })
export class AuditModule {}
