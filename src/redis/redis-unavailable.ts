import { HttpException, ServiceUnavailableException } from '@nestjs/common';

export const SHARED_STATE_UNAVAILABLE = 'Service temporarily unavailable. Please try again shortly.';

/** A 503 for a request that needs the shared store while it is unreachable (the filter adds Retry-After). */
export class SharedStateUnavailableException extends ServiceUnavailableException {
  constructor() {
    super({ message: SHARED_STATE_UNAVAILABLE });
  }
}

/** Runs a shared-state operation; any failure that is not already an HTTP answer becomes a 503. */
export async function needsSharedState<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (err) {
    if (err instanceof HttpException) throw err;
    throw new SharedStateUnavailableException();
  }
}
