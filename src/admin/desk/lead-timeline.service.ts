import { Injectable, NotFoundException } from '@nestjs/common';
import { TimelineEntry } from '../../../shared/api/lead-desk';
import { fullName, iso } from '../common/formatting';
import { UsersRepository } from '../../users/users.repository';
import { LeadTimelineRepository } from './lead-timeline.repository';

const toId = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** A lead's history, notes and tasks as one list, newest first. */
@Injectable()
export class LeadTimelineService {
  constructor(
    private readonly sourcesOf: LeadTimelineRepository,
    private readonly users: UsersRepository,
  ) {}

  async timeline(leadId: number): Promise<TimelineEntry[]> {
    if (!(await this.sourcesOf.leadExists(leadId))) throw new NotFoundException('Lead not found.');
    const { events, notes, tasks } = await this.sourcesOf.sources(leadId);
    const userIds = new Set<number>();
    for (const e of events) {
      if (e.actor_id) userIds.add(e.actor_id);
      if (e.kind === 'assignment') for (const v of [e.from_value, e.to_value]) if (toId(v)) userIds.add(toId(v)!);
    }
    for (const n of notes) if (n.author_id) userIds.add(n.author_id);
    for (const t of tasks) if (t.created_by) userIds.add(t.created_by);
    const users = await this.users.findByIds([...userIds], { first_name: true, last_name: true });
    const names = new Map(users.map((u) => [u.id, fullName(u)]));
    const nameOf = (id: number | null) => (id ? (names.get(id) ?? null) : null);
    const actor = (id: number | null) => ({ actor_id: id, actor_name: nameOf(id) });

    // [time, order within the same time, entry]: events of one lead come in id order, then notes, then tasks.
    const rows: Array<[number, number, TimelineEntry]> = [];
    events.forEach((e, i) => {
      const at = iso(e.created_at) ?? '';
      const base = { at, ...actor(e.actor_id) };
      let entry: TimelineEntry | null = null;
      if (e.kind === 'created') entry = { ...base, kind: 'created', to: e.to_value };
      else if (e.kind === 'status') entry = { ...base, kind: 'status', from: e.from_value, to: e.to_value };
      else if (e.kind === 'assignment')
        entry = {
          ...base,
          kind: 'assigned',
          from: e.from_value,
          to: e.to_value,
          from_name: nameOf(toId(e.from_value)),
          to_name: nameOf(toId(e.to_value)),
        };
      else if (e.kind === 'email') entry = { ...base, kind: 'email', subject: e.to_value };
      else if (e.kind === 'merged') entry = { ...base, kind: 'merged', lead_id: toId(e.from_value) };
      else if (e.kind === 'duplicate') entry = { ...base, kind: 'duplicate', lead_id: toId(e.to_value) };
      else if (e.kind === 'related') entry = { ...base, kind: 'related', lead_id: toId(e.to_value) };
      // 'task' events (if any writer adds them) are shown from the tasks themselves; account_created is not a desk entry.
      if (entry) rows.push([new Date(at).getTime(), i, entry]);
    });
    notes.forEach((n, i) => {
      const at = iso(n.created_at) ?? '';
      rows.push([
        new Date(at).getTime(),
        1e6 + i,
        { at, kind: 'note', ...actor(n.author_id), note_id: n.id, text: n.text },
      ]);
    });
    tasks.forEach((t, i) => {
      const at = iso(t.created_at) ?? '';
      rows.push([
        new Date(at).getTime(),
        2e6 + i,
        {
          at,
          kind: 'task',
          ...actor(t.created_by),
          task_id: t.id,
          title: t.title,
          due_at: iso(t.due_at) ?? '',
          done: t.done_at !== null,
        },
      ]);
    });
    rows.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    return rows.map(([, , entry]) => entry);
  }
}
