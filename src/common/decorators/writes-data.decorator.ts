import { SetMetadata } from '@nestjs/common';

export const WRITES_DATA_KEY = 'writesData';
/** Marks a GET route that changes data, so it joins the SQLite write queue like POST/PUT/DELETE. */
export const WritesData = () => SetMetadata(WRITES_DATA_KEY, true);

export const QUEUES_OWN_WRITES_KEY = 'queuesOwnWrites';
/**
 * Keeps a writing route out of the request-wide SQLite write queue. Only for handlers that do slow
 * work outside the database (reading uploads, encoding images) and make every write through
 * runInTransaction(), so a slow upload does not hold back everyone else's writes (e.g. new leads).
 */
export const QueuesOwnWrites = () => SetMetadata(QUEUES_OWN_WRITES_KEY, true);
