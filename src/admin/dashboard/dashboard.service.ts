import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { Lead } from '../../leads/entities/lead.entity';
import { firstRequestSql } from '../../leads/first-request';
import {
  AdminDashboard,
  DASHBOARD_DAYS,
  DASHBOARD_LIST_SIZE,
  DASHBOARD_TOP_DESTINATIONS,
} from '../../shared/api/admin-dashboard';
import { LEAD_STATUSES, LeadStatus } from '../../shared/limits';
import { joinLeadRefs } from '../leads/lead-list-spec';
import { toAdminLead } from '../leads/lead-response';
import { lastUtcDays, startOfUtcDay, startOfUtcWeek, utcDay } from './dashboard-dates';

const DAY_MS = 86_400_000;

/**
 * Each figure is one indexed query (created_at, status, destination_id, agent_id all have
 * indexes), so the dashboard stays fast with hundreds of thousands of leads.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async figures(now = new Date()): Promise<AdminDashboard> {
    const days = lastUtcDays(now, DASHBOARD_DAYS);
    const seriesStart = new Date(startOfUtcDay(now).getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
    const slaMinutes = this.config.leadSlaMinutes;
    const slaDeadline = new Date(now.getTime() - slaMinutes * 60_000);
    const pastSla = () =>
      this.firstRequests()
        .andWhere("l.status = 'new'")
        .andWhere('l.created_at <= :deadline', { deadline: slaDeadline });
    const [
      total,
      newToday,
      newThisWeek,
      unassigned,
      waitingPastSla,
      perDay,
      byStatus,
      byDestination,
      latest,
      unassignedLeads,
      pastSlaLeads,
    ] = await Promise.all([
      this.leads().getCount(),
      this.firstRequests()
        .andWhere('l.created_at >= :from', { from: startOfUtcDay(now) })
        .getCount(),
      this.firstRequests()
        .andWhere('l.created_at >= :from', { from: startOfUtcWeek(now) })
        .getCount(),
      this.firstRequests().andWhere('l.agent_id IS NULL').getCount(),
      pastSla().getCount(),
      this.countBy('DATE(l.created_at)', (qb) => qb.where('l.created_at >= :from', { from: seriesStart })),
      this.countBy('l.status'),
      this.topDestinations(),
      joinLeadRefs(this.leads())
        .orderBy('l.created_at', 'DESC')
        .addOrderBy('l.id', 'DESC')
        .take(DASHBOARD_LIST_SIZE)
        .getMany(),
      joinLeadRefs(this.firstRequests())
        .andWhere('l.agent_id IS NULL')
        .orderBy('l.is_priority', 'DESC')
        .addOrderBy('l.created_at', 'DESC')
        .addOrderBy('l.id', 'DESC')
        .take(DASHBOARD_LIST_SIZE)
        .getMany(),
      joinLeadRefs(pastSla())
        .orderBy('l.created_at', 'ASC')
        .addOrderBy('l.id', 'ASC')
        .take(DASHBOARD_LIST_SIZE)
        .getMany(),
    ]);
    const perDayMap = new Map(perDay.map((row) => [dayKey(row.k), row.n]));
    const statusMap = new Map(byStatus.map((row) => [String(row.k), row.n]));
    const named = byDestination.reduce((sum, d) => sum + d.count, 0);
    return {
      today: utcDay(now),
      total_leads: total,
      new_today: newToday,
      new_this_week: newThisWeek,
      unassigned,
      sla_minutes: slaMinutes,
      waiting_past_sla: waitingPastSla,
      sla_deadline: slaDeadline.toISOString(),
      leads_per_day: days.map((date) => ({ date, count: perDayMap.get(date) ?? 0 })),
      leads_by_status: LEAD_STATUSES.map((status: LeadStatus) => ({ status, count: statusMap.get(status) ?? 0 })),
      leads_by_destination: byDestination,
      other_destinations: total - named,
      latest_leads: latest.map(toAdminLead),
      unassigned_leads: unassignedLeads.map(toAdminLead),
      past_sla_leads: pastSlaLeads.map(toAdminLead),
    };
  }

  private leads() {
    return this.dataSource.getRepository(Lead).createQueryBuilder('l');
  }

  /**
   * The leads that are work of their own: neither a repeat request linked to the person's open lead
   * nor a lead merged into another (src/leads/first-request.ts, as for the SLA and the intake).
   */
  private firstRequests() {
    return this.leads().where(firstRequestSql('l'));
  }

  private async countBy(
    expression: string,
    where: (qb: ReturnType<DashboardService['leads']>) => ReturnType<DashboardService['leads']> = (qb) => qb,
  ): Promise<Array<{ k: unknown; n: number }>> {
    const rows = await where(this.leads())
      .select(expression, 'k')
      .addSelect('COUNT(1)', 'n')
      .groupBy(expression)
      .getRawMany<{ k: unknown; n: string | number }>();
    return rows.map((row) => ({ k: row.k, n: Number(row.n) }));
  }

  private async topDestinations(): Promise<Array<{ id: number; name: string; count: number }>> {
    const rows = await this.leads()
      .innerJoin('l.destination', 'd')
      .select('d.id', 'id')
      .addSelect('d.name', 'name')
      .addSelect('COUNT(1)', 'n')
      .groupBy('d.id')
      .addGroupBy('d.name')
      .orderBy('n', 'DESC')
      .addOrderBy('d.id', 'ASC')
      .limit(DASHBOARD_TOP_DESTINATIONS)
      .getRawMany<{ id: string | number; name: string; n: string | number }>();
    return rows.map((row) => ({ id: Number(row.id), name: row.name, count: Number(row.n) }));
  }
}

/** DATE() answers a string on SQLite and (with dateStrings) on MySQL; a Date if a driver ever parses it. */
function dayKey(value: unknown): string {
  return value instanceof Date ? utcDay(value) : String(value).slice(0, 10);
}
