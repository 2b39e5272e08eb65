import type { RaRecord } from 'react-admin';

/** Featured packs, priority leads and destinations get a tinted row. */
export const highlightWhen = (flag: string) => (record: RaRecord) =>
  record[flag] ? { backgroundColor: 'rgba(255, 193, 7, 0.14)' } : {};
