import { InitialSchema1795313653850 } from './1795313653850-InitialSchema';
import { JobLeases1795424383488 } from './1795424383488-JobLeases';
import { MailOutboxAndVerifiedEmail1795424964796 } from './1795424964796-MailOutboxAndVerifiedEmail';
import { LeadSearchText1795426226962 } from './1795426226962-LeadSearchText';
import { DropRedundantLeadIndexes1795600000000 } from './1795600000000-DropRedundantLeadIndexes';
import { LeadSearchSuffixes1795800000000 } from './1795800000000-LeadSearchSuffixes';
import { RefreshTokenSession1795900000000 } from './1795900000000-RefreshTokenSession';
import { EarlierLeadsClaimed1795950000000 } from './1795950000000-EarlierLeadsClaimed';
import { PrivacyAndAudit1796000000000 } from './1796000000000-PrivacyAndAudit';
import { LeadDesk1796100000000 } from './1796100000000-LeadDesk';
import { LeadPhoneIndex1796200000000 } from './1796200000000-LeadPhoneIndex';
import { LeadDeskListIndexes1796300000000 } from './1796300000000-LeadDeskListIndexes';
import { LeadIntakeProcedure1796400000000 } from './1796400000000-LeadIntakeProcedure';
import { LeadCodeProcedures1796500000000 } from './1796500000000-LeadCodeProcedures';
import { LeadLinks1796650000000 } from './1796650000000-LeadLinks';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const MYSQL_MIGRATIONS: Function[] = [
  InitialSchema1795313653850,
  JobLeases1795424383488,
  MailOutboxAndVerifiedEmail1795424964796,
  LeadSearchText1795426226962,
  DropRedundantLeadIndexes1795600000000,
  LeadSearchSuffixes1795800000000,
  RefreshTokenSession1795900000000,
  EarlierLeadsClaimed1795950000000,
  PrivacyAndAudit1796000000000,
  LeadDesk1796100000000,
  LeadPhoneIndex1796200000000,
  LeadDeskListIndexes1796300000000,
  LeadIntakeProcedure1796400000000,
  LeadCodeProcedures1796500000000,
  LeadLinks1796650000000,
];
