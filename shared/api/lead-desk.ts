/** The lead desk of the back-office: notes, tasks and a lead's timeline (/api/admin). */

export const NOTE_MAX_CHARS = 5000;
export const TASK_TITLE_MAX_CHARS = 200;

export interface AdminLeadNote {
  id: number;
  lead_id: number;
  text: string;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
}

export interface AdminTask {
  id: number;
  lead_id: number;
  assignee_id: number | null;
  assignee_name: string | null;
  title: string;
  due_at: string;
  /** Null while open; set by PUT `{ done: true }` (and cleared by `{ done: false }`). */
  done_at: string | null;
  created_at: string;
}

export const TIMELINE_KINDS = [
  'created',
  'status',
  'assigned',
  'note',
  'email',
  'task',
  'merged',
  'duplicate',
  'related',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One entry of GET /api/admin/leads/{id}/timeline (newest first); the extra fields depend on `kind`. */
export interface TimelineEntry {
  at: string;
  kind: TimelineKind;
  actor_id: number | null;
  actor_name: string | null;
  /** status: the statuses; assigned: the agents' ids (as text), with from_name/to_name. */
  from?: string | null;
  to?: string | null;
  from_name?: string | null;
  to_name?: string | null;
  /** note */
  note_id?: number;
  text?: string;
  /** email */
  subject?: string | null;
  /** task */
  task_id?: number;
  title?: string;
  due_at?: string;
  done?: boolean;
  /** merged (the lead merged into this one), duplicate (the repeat request linked), related (the lead linked) */
  lead_id?: number | null;
}
