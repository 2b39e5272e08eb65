import { Module } from '@nestjs/common';
import { ImageStoreService } from './image-store.service';
import { OgImageService } from './og-image.service';

/** Image uploads: byte checks, WebP re-encoding in several widths, staged (atomic) storage under UPLOAD_DIR. */
@Module({
  providers: [ImageStoreService, OgImageService],
  exports: [ImageStoreService, OgImageService],
})
export class MediaModule {}
