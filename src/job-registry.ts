import { CronExpression } from '@nestjs/schedule';
import { FollowUpsService } from './admin/desk/follow-ups.service';
import { TaskRemindersService } from './admin/desk/task-reminders.service';
import { LEAD_SEARCH_CATCH_UP_MS, LeadSearchIndex } from './admin/leads/lead-search-index.repository';
import { DEFAULT_LEASE_MS, scheduledJob } from './jobs/scheduled-job';
import { LeadSlaService } from './leads/lead-sla.service';
import { LeadsCleanupService } from './leads/leads-cleanup.service';
import { OUTBOX_POLL_MS, OutboxWorker } from './mail/outbox-worker.service';
import { ImageStoreService } from './media/image-store.service';
import { RetentionService } from './privacy/retention.service';
import { TokensService } from './users/tokens.service';
import { UserTokensService } from './users/user-tokens.service';
import { WEATHER_REFRESH_EVERY_MS, WeatherService } from './weather/weather.service';

/**
 * Every scheduled job of the server, and nothing else schedules one (no @Cron, @Interval or
 * setInterval elsewhere in src/): JobsModule.forRoot(JOBS) schedules them at start-up
 * (JobsScheduler), and the README's jobs table lists the same (test/job-registry.e2e-spec.ts).
 * Here, at the top of the tree, because the handlers belong to feature modules that src/jobs may not
 * import. A job with a lease runs once per tick across the fleet; one without runs on every instance,
 * as each works on what that instance holds: its weather cache, its search-index writer, its outbox
 * worker's wake-up (each such method skips a tick while its previous run is still going). A handler
 * catches and logs its own failures; what still escapes is logged by the scheduler.
 */
export const JOBS = [
  scheduledJob({
    name: 'lead-follow-ups',
    schedule: CronExpression.EVERY_5_MINUTES,
    leaseMs: DEFAULT_LEASE_MS,
    handler: [FollowUpsService, 'run'],
    description: "Sends each lead still `new` its follow-up sequence's next template, once per step.",
  }),
  scheduledJob({
    name: 'task-reminders',
    schedule: CronExpression.EVERY_MINUTE,
    leaseMs: DEFAULT_LEASE_MS,
    handler: [TaskRemindersService, 'sendDueReminders'],
    description: "Queues one reminder to each due task's assignee.",
  }),
  scheduledJob({
    name: 'lead-sla-notices',
    schedule: CronExpression.EVERY_MINUTE,
    leaseMs: DEFAULT_LEASE_MS,
    handler: [LeadSlaService, 'notifyLate'],
    description: 'Tells LEADS_NOTIFY_EMAIL once of each lead left unanswered past LEAD_SLA_MINUTES.',
  }),
  scheduledJob({
    name: 'purge-lead-verifications',
    schedule: CronExpression.EVERY_10_MINUTES,
    leaseMs: DEFAULT_LEASE_MS,
    handler: [LeadsCleanupService, 'purgeExpiredVerifications'],
    description: 'Deletes expired e-mail verification codes whose resend window is over.',
  }),
  scheduledJob({
    name: 'refresh-tokens-purge',
    schedule: CronExpression.EVERY_HOUR,
    leaseMs: DEFAULT_LEASE_MS,
    handler: [TokensService, 'purgeExpired'],
    description: 'Deletes expired refresh tokens (sessions).',
  }),
  scheduledJob({
    name: 'user-tokens-purge',
    schedule: CronExpression.EVERY_HOUR,
    leaseMs: DEFAULT_LEASE_MS,
    handler: [UserTokensService, 'purgeExpired'],
    description: 'Deletes one-time e-mailed links and browser keys expired for more than a day.',
  }),
  scheduledJob({
    name: 'outbox-purge',
    schedule: CronExpression.EVERY_HOUR,
    leaseMs: DEFAULT_LEASE_MS,
    handler: [OutboxWorker, 'purge'],
    description: 'Deletes delivered and given-up mails kept a week for the record.',
  }),
  scheduledJob({
    name: 'image-staging-sweep',
    schedule: CronExpression.EVERY_HOUR,
    leaseMs: DEFAULT_LEASE_MS,
    handler: [ImageStoreService, 'sweepStaging'],
    description: 'Deletes staged upload files older than an hour (saves that crashed midway).',
  }),
  scheduledJob({
    name: 'privacy-retention',
    schedule: CronExpression.EVERY_DAY_AT_3AM,
    leaseMs: 30 * 60_000,
    handler: [RetentionService, 'run'],
    description: 'Anonymises leads and contact messages older than RETENTION_MONTHS; removes unverified accounts.',
  }),
  scheduledJob({
    name: 'weather-refresh',
    schedule: WEATHER_REFRESH_EVERY_MS,
    leaseMs: null,
    handler: [WeatherService, 'refreshKnown'],
    description:
      "Renews this instance's forecasts that visitors asked for in the last day; forgets the others once stale.",
  }),
  scheduledJob({
    name: 'lead-search-catch-up',
    schedule: LEAD_SEARCH_CATCH_UP_MS,
    leaseMs: null,
    handler: [LeadSearchIndex, 'catchUpInBackground'],
    description: "Adds new leads to the back-office's search index when nobody searches.",
  }),
  scheduledJob({
    name: 'outbox-poll',
    schedule: OUTBOX_POLL_MS,
    leaseMs: null,
    handler: [OutboxWorker, 'kick'],
    description: "Wakes this instance's outbox worker to look for due mails (retries, other instances' claims).",
  }),
];
