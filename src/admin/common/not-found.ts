import { NotFoundException } from '@nestjs/common';

/** 404 for a bulk action naming ids that do not exist; nothing has been changed. */
export function missingIds(label: string, missing: number[]): NotFoundException {
  return new NotFoundException({
    message: `Some ${label} were not found: ${missing.join(', ')}. Nothing was deleted.`,
    missing_ids: missing,
  });
}
