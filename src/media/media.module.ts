import { Module } from '@nestjs/common';
import { ImageStoreService } from './image-store.service';
import { DerivedImageService } from './derived-image.service';

/** Image uploads: byte checks, WebP re-encoding in several widths, staged (atomic) storage under UPLOAD_DIR. */
@Module({
  providers: [ImageStoreService, DerivedImageService],
  exports: [ImageStoreService, DerivedImageService],
})
export class MediaModule {}
