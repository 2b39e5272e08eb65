import { Module } from '@nestjs/common';
import { ImageStoreService } from './image-store.service';

/** Image uploads: byte checks, WebP re-encoding in several widths, staged (atomic) storage under UPLOAD_DIR. */
@Module({
  providers: [ImageStoreService],
  exports: [ImageStoreService],
})
export class MediaModule {}
