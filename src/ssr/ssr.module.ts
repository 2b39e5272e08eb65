import { Module } from '@nestjs/common';
import { SsrService } from './ssr.service';

/** Server rendering of the public site (the catalogue module is global). */
@Module({
  providers: [SsrService],
  exports: [SsrService],
})
export class SsrModule {}
