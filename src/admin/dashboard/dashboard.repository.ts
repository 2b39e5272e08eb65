import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Lead } from '../../leads/entities/lead.entity';
import { firstRequestSql } from '../../leads/first-request';
import { DASHBOARD_LIST_SIZE, DASHBOARD_TOP_DESTINATIONS } from '../../../shared/api/admin-dashboard';
import { joinLeadRefs } from '../leads/lead-list-spec';

/** When the dashboard's figures start and end. */
export interface DashboardWindow {
  startOfDay: Date;
  startOfWeek: Date;
  /** The first day of the per-day series. */
  seriesStart: Date;
  /** Leads created at or before this and still new are past the SLA. */
  slaDeadline: Date;
}

/** The dashboard's figures as the database counts them, before they are shaped for the API. */
export interface DashboardRows {
  total: number;
  newToday: number;
  newThisWeek: number;
  unassigned: number;
  waitingPastSla: number;
  perDay: Array<{ k: unknown; n: number }>;
  byStatus: Array<{ k: unknown; n: number }>;
  byDestination: Array<{ id: number; name: string; count: number }>;
  latest: Lead[];
  unassignedLeads: Lead[];
  pastSlaLeads: Lead[];
}

/**
 * The dashboard's queries of the leads table. Each figure is one indexed query (created_at, status,
 * destination_id, agent_id all have indexes), so the dashboard stays fast with hundreds of thousands
 * of leads.
 */
@Injectable()
export class DashboardRepository {
  constructor(private readonly dataSource: DataSource) {}

  async rows({ startOfDay, startOfWeek, seriesStart, slaDeadline }: DashboardWindow): Promise<DashboardRows> {
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
      this.firstRequests().andWhere('l.created_at >= :from', { from: startOfDay }).getCount(),
      this.firstRequests().andWhere('l.created_at >= :from', { from: startOfWeek }).getCount(),
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
    return {
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
    where: (qb: ReturnType<DashboardRepository['leads']>) => ReturnType<DashboardRepository['leads']> = (qb) => qb,
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
