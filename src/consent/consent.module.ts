import { Global, Module } from '@nestjs/common';
import { ConsentRepository } from './consent.repository';

/** Marketing consent records: ConsentRepository writes them in the callers' transactions. */
@Global()
@Module({ providers: [ConsentRepository], exports: [ConsentRepository] })
export class ConsentModule {}
