import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** The back-office audit log: AuditService writes entries inside the callers' transactions. */
@Global()
@Module({ providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
