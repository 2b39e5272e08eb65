import { Injectable } from '@nestjs/common';
import { DAY_MS } from '../../common/time/durations';
import { AppConfig } from '../../config/app-config';
import { AdminDashboard, DASHBOARD_DAYS } from '../../../shared/api/admin-dashboard';
import { LEAD_STATUSES, LeadStatus } from '../../../shared/limits';
import { toAdminLead } from '../leads/lead-response';
import { DashboardRepository } from './dashboard.repository';
import { lastUtcDays, startOfUtcDay, startOfUtcWeek, utcDay } from './dashboard-dates';

/** The dashboard's figures, counted by DashboardRepository and shaped for the API here. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly dashboard: DashboardRepository,
    private readonly config: AppConfig,
  ) {}

  async figures(now = new Date()): Promise<AdminDashboard> {
    const days = lastUtcDays(now, DASHBOARD_DAYS);
    const seriesStart = new Date(startOfUtcDay(now).getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
    const slaMinutes = this.config.leadSlaMinutes;
    const slaDeadline = new Date(now.getTime() - slaMinutes * 60_000);
    const rows = await this.dashboard.rows({
      startOfDay: startOfUtcDay(now),
      startOfWeek: startOfUtcWeek(now),
      seriesStart,
      slaDeadline,
    });
    const perDayMap = new Map(rows.perDay.map((row) => [dayKey(row.k), row.n]));
    const statusMap = new Map(rows.byStatus.map((row) => [String(row.k), row.n]));
    const named = rows.byDestination.reduce((sum, d) => sum + d.count, 0);
    return {
      today: utcDay(now),
      total_leads: rows.total,
      new_today: rows.newToday,
      new_this_week: rows.newThisWeek,
      unassigned: rows.unassigned,
      sla_minutes: slaMinutes,
      waiting_past_sla: rows.waitingPastSla,
      sla_deadline: slaDeadline.toISOString(),
      leads_per_day: days.map((date) => ({ date, count: perDayMap.get(date) ?? 0 })),
      leads_by_status: LEAD_STATUSES.map((status: LeadStatus) => ({ status, count: statusMap.get(status) ?? 0 })),
      leads_by_destination: rows.byDestination,
      other_destinations: rows.total - named,
      latest_leads: rows.latest.map(toAdminLead),
      unassigned_leads: rows.unassignedLeads.map(toAdminLead),
      past_sla_leads: rows.pastSlaLeads.map(toAdminLead),
    };
  }
}

/** DATE() answers a string on SQLite and (with dateStrings) on MySQL; a Date if a driver ever parses it. */
function dayKey(value: unknown): string {
  return value instanceof Date ? utcDay(value) : String(value).slice(0, 10);
}
