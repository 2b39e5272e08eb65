import type { LeadResponse } from './leads';
/**
 * Response shapes and conventions of the back-office API (/api/admin), shared with the
 * react-admin app. Lists follow ra-data-simple-rest: `?sort=["field","ASC"]&range=[0,24]&filter={...}`,
 * a JSON array body and `Content-Range: <resource> <start>-<end>/<total>`.
 */

export const ADMIN_RESOURCES = ['agents', 'users', 'packs', 'leads', 'destinations'] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];
/** Every list of the back-office API: the resources, and the read-only audit log. */
export type AdminListResource =
  AdminResource | 'audit-log' | 'lead-notes' | 'tasks' | 'email-templates' | 'saved-views';

/** The most rows one list request returns; a larger `range` is cut to this (Content-Range shows it). */
export const ADMIN_MAX_PAGE_SIZE = 1000;
/** Without `range`, a list answers its first page of this size. */
export const ADMIN_DEFAULT_PAGE_SIZE = ADMIN_MAX_PAGE_SIZE;
/** The most ids one `filter={"id":[...]}` or bulk-delete request may carry. */
export const ADMIN_MAX_IDS = 1000;
/**
 * A list counts its matches up to this many: past it, the total is this number and Content-Range
 * says so with a "+" (`leads 0-24/10000+`). Counting 37,000 rows on every page of a busy desk cost
 * MariaDB 15-20 ms a request for a figure nobody reads past "more than 10,000".
 */
export const LIST_COUNT_CAP = 10_000;

/** Body of POST /api/admin/<resource>/bulk-delete/, by resource. */
export const BULK_DELETE_KEYS: Record<AdminResource, string> = {
  agents: 'agent_ids',
  users: 'user_ids',
  packs: 'pack_ids',
  leads: 'lead_ids',
  destinations: 'destination_ids',
};

/**
 * Fields a create/update body may carry (anything else is refused with 400). react-admin sends
 * the whole record on update, so the back-office's dataProvider keeps only these.
 */
export const ADMIN_WRITABLE_FIELDS = {
  agentsCreate: ['first_name', 'last_name', 'email', 'phone', 'password', 'confirm_password'],
  agentsUpdate: ['first_name', 'last_name', 'phone', 'is_active', 'receives_leads', 'password', 'confirm_password'],
  usersUpdate: [
    'first_name',
    'last_name',
    'phone',
    'is_active',
    'is_superuser',
    'is_agent',
    'password',
    'confirm_password',
  ],
  packs: [
    'name',
    'description',
    'price',
    'discount_price',
    'features',
    'amenities',
    'destination_id',
    'available_from',
    'available_to',
    'is_featured',
  ],
  leadsCreate: [
    'first_name',
    'last_name',
    'email',
    'phone',
    'date',
    'hour',
    'status',
    'destination_id',
    'travel_pack_id',
    'agent_id',
    'notes',
  ],
  leadsUpdate: [
    'first_name',
    'last_name',
    'email',
    'phone',
    'date',
    'hour',
    'status',
    'destination_id',
    'travel_pack_id',
    'agent_id',
    'is_priority',
    'notes',
  ],
  /** Multipart fields of POST/PUT /api/admin/destinations/ (files: main_image, gallery_images, hotel_images). */
  destinations: [
    'name',
    'location',
    'description',
    'status',
    'is_priority',
    'existing_image_ids',
    'existing_hotel_image_ids',
  ],
  thingsToDo: ['title', 'description'],
} as const;

export interface AdminUser {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string;
  is_active: boolean;
  is_superuser: boolean;
  is_agent: boolean;
  /** An agent new public leads are assigned to automatically (the least busy one gets each). */
  receives_leads: boolean;
  /** ISO 8601. */
  date_joined: string;
  /** 'YYYY-MM-DD HH:MM' (UTC). */
  formatted_date_joined: string;
  last_login: string | null;
}

/** Agents have the same shape as users (agents are users with is_agent). */
export type AdminAgent = AdminUser;

export interface AdminRef {
  id: number;
  name: string;
}

export interface AdminPack {
  id: number;
  name: string;
  description: string;
  price: number;
  discount_price: number | null;
  features: string[];
  amenities: string[];
  destination_id: number;
  destination: AdminRef;
  destination_name: string;
  available_from: string;
  available_to: string;
  is_featured: boolean;
  created_at: string;
  updated_at: string;
}

export interface AdminLeadEvent {
  id: number;
  kind: 'created' | 'status' | 'assignment' | 'account_created' | 'email' | 'task' | 'merged' | 'duplicate' | 'related';
  from: string | null;
  to: string | null;
  /** For assignment events: the agents' names (null when unassigned). */
  from_label: string | null;
  to_label: string | null;
  actor: { id: number; full_name: string } | null;
  created_at: string;
}

/** A lead in the back-office: the public shape plus the fields agents work with. */
export interface AdminLead extends LeadResponse {
  notes: string | null;
  destination_id: number;
  travel_pack_id: number | null;
  travel_pack: AdminRef | null;
  agent_id: number | null;
  agent: { id: number; full_name: string } | null;
  user_id: number | null;
  /** The open lead this one repeats (same e-mail or phone digits); null for an original lead. */
  duplicate_of: number | null;
  /** After a merge: the lead this one was merged into. */
  merged_into: number | null;
  /** How many later leads repeat this one (repeat requests). */
  repeat_requests: number;
  /** Still `new` longer than LEAD_SLA_MINUTES after it came in (repeats and merged leads never are). */
  sla_breached: boolean;
}

export interface AdminLeadDetail extends AdminLead {
  history: AdminLeadEvent[];
  /**
   * The lead this one may be merged into: the lead it repeats (duplicate_of), when both are the same
   * person (the same e-mail, or the same phone and last name); null otherwise.
   */
  mergeable_into: number | null;
  /** Other people's leads an admin linked to this one as related (nothing moved between them), by id. */
  related_lead_ids: number[];
}

export interface AdminImage {
  id: number;
  /** Public URL of the largest variant (≤ 1600 px wide); `-800w` and `-400w` siblings exist for uploads. */
  image: string;
}

export interface AdminThingToDo {
  id: number;
  title: string;
  description: string;
}

export interface AdminDestination {
  id: number;
  name: string;
  location: string;
  description: string;
  status: string;
  is_priority: boolean;
  main_image: string | null;
  gallery_images: AdminImage[];
  hotel_images: AdminImage[];
  things_to_do: AdminThingToDo[];
  things_to_do_count: number;
  created_at: string;
  updated_at: string;
}

export interface BulkDeleteResult {
  deleted: number;
}

/** Columns of GET /api/admin/leads/export (CSV, attachment destination_leads.csv). */
export const LEAD_EXPORT_COLUMNS = [
  'lead_id',
  'created_at',
  'first_name',
  'last_name',
  'email',
  'phone',
  'date',
  'hour',
  'status',
  'destination',
] as const;

/** What a staff member did, as the audit log records it. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'bulk_delete',
  'bulk_update',
  'export',
  'erase',
  'sign_in',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The resources audit entries name (the back-office's resources, plus sign-ins and erasures). */
export const AUDIT_RESOURCES = [
  'leads',
  'users',
  'agents',
  'packs',
  'destinations',
  'things-to-do',
  'session',
  'privacy',
  'lead-notes',
  'tasks',
  'email-templates',
] as const;

/** One row of GET /api/admin/audit-log (read-only: no API route changes or deletes an entry). */
export interface AdminAuditEntry {
  id: number;
  /** ISO 8601. */
  created_at: string;
  actor_id: number | null;
  /** The actor's e-mail while the account exists; null once it is deleted (or for a system action). */
  actor_email: string | null;
  action: AuditAction;
  resource: string;
  record_id: string | null;
  /** `{ field: [old, new] }` for writes (secret fields hidden), or a small detail (an export's filter and row count). */
  changes: Record<string, unknown> | null;
  ip: string | null;
}
