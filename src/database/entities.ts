import { Destination } from '../catalogue/entities/destination.entity';
import { DestinationImage } from '../catalogue/entities/destination-image.entity';
import { ThingToDo } from '../catalogue/entities/thing-to-do.entity';
import { TravelPack } from '../catalogue/entities/travel-pack.entity';
import { ContactMessage } from '../contact/entities/contact-message.entity';
import { JobLease } from '../jobs/entities/job-lease.entity';
import { Lead } from '../leads/entities/lead.entity';
import { LeadEmailVerification } from '../leads/entities/lead-email-verification.entity';
import { LeadEvent } from '../leads/entities/lead-event.entity';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { RefreshToken } from '../users/entities/refresh-token.entity';
import { User } from '../users/entities/user.entity';
import { UserToken } from '../users/entities/user-token.entity';

export const ENTITIES = [
  User,
  RefreshToken,
  UserToken,
  Destination,
  DestinationImage,
  ThingToDo,
  TravelPack,
  Lead,
  LeadEvent,
  LeadEmailVerification,
  ContactMessage,
  OutboxMail,
  JobLease,
];
