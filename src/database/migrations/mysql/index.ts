import { InitialSchema1795313653850 } from './1795313653850-InitialSchema';
import { JobLeases1795424383488 } from './1795424383488-JobLeases';
import { MailOutboxAndVerifiedEmail1795424964796 } from './1795424964796-MailOutboxAndVerifiedEmail';
import { LeadSearchText1795426226962 } from './1795426226962-LeadSearchText';
import { DropRedundantLeadIndexes1795600000000 } from './1795600000000-DropRedundantLeadIndexes';
import { LeadSearchSuffixes1795800000000 } from './1795800000000-LeadSearchSuffixes';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const MYSQL_MIGRATIONS: Function[] = [
  InitialSchema1795313653850,
  JobLeases1795424383488,
  MailOutboxAndVerifiedEmail1795424964796,
  LeadSearchText1795426226962,
  DropRedundantLeadIndexes1795600000000,
  LeadSearchSuffixes1795800000000,
];
