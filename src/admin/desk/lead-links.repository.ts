import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { LeadLink } from './lead-link.entity';

/** One pair as stored: the lower id first. */
const pairOf = (a: number, b: number) =>
  a < b ? { lead_id: a, related_lead_id: b } : { lead_id: b, related_lead_id: a };

/** The lead_links table: leads an admin linked as related. Pass `em` to work inside the caller's transaction. */
@Injectable()
export class LeadLinksRepository {
  /** The ids of the leads linked to `leadId`, ascending. */
  async relatedTo(em: EntityManager, leadId: number): Promise<number[]> {
    const rows = await em.find(LeadLink, {
      where: [{ lead_id: leadId }, { related_lead_id: leadId }],
      select: { lead_id: true, related_lead_id: true },
    });
    return rows.map((r) => (r.lead_id === leadId ? r.related_lead_id : r.lead_id)).sort((x, y) => x - y);
  }

  exists(em: EntityManager, a: number, b: number): Promise<boolean> {
    return em.exists(LeadLink, { where: pairOf(a, b) });
  }

  async insert(em: EntityManager, a: number, b: number, createdBy: number | null): Promise<void> {
    await em.insert(LeadLink, { ...pairOf(a, b), created_by: createdBy, created_at: new Date() });
  }

  /**
   * A merge: lead `from`'s links become lead `to`'s, except one to `to` itself or one `to` already
   * has, which go.
   */
  async moveToLead(em: EntityManager, from: number, to: number): Promise<void> {
    const rows = await em.find(LeadLink, { where: [{ lead_id: from }, { related_lead_id: from }] });
    if (!rows.length) return;
    await em.delete(LeadLink, { lead_id: from });
    await em.delete(LeadLink, { related_lead_id: from });
    const kept = new Set(await this.relatedTo(em, to));
    for (const row of rows) {
      const other = row.lead_id === from ? row.related_lead_id : row.lead_id;
      if (other === to || kept.has(other)) continue;
      await this.insert(em, to, other, row.created_by);
      kept.add(other);
    }
  }
}
