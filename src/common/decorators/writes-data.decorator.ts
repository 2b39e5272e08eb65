import { SetMetadata } from '@nestjs/common';

export const WRITES_DATA_KEY = 'writesData';
/** Marks a GET route that changes data, so it joins the SQLite write queue like POST/PUT/DELETE. */
export const WritesData = () => SetMetadata(WRITES_DATA_KEY, true);
