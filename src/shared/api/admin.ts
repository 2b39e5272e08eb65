import type { LeadResponse } from './leads';
/**
 * Response shapes and conventions of the back-office API (/api/admin), shared with the
 * react-admin app. Lists follow ra-data-simple-rest: `?sort=["field","ASC"]&range=[0,24]&filter={...}`,
 * a JSON array body and `Content-Range: <resource> <start>-<end>/<total>`.
 */

export const ADMIN_RESOURCES = ['agents', 'users', 'packs', 'leads', 'destinations'] as const;
export type AdminResource = (typeof ADMIN_RESOURCES)[number];

/** The most rows one list request returns; a larger `range` is cut to this (Content-Range shows it). */
export const ADMIN_MAX_PAGE_SIZE = 1000;
/** Without `range`, a list answers its first page of this size. */
export const ADMIN_DEFAULT_PAGE_SIZE = ADMIN_MAX_PAGE_SIZE;
/** The most ids one `filter={"id":[...]}` or bulk-delete request may carry. */
export const ADMIN_MAX_IDS = 1000;

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
  agentsUpdate: ['first_name', 'last_name', 'phone', 'is_active', 'password', 'confirm_password'],
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

/** Filters each list accepts besides `q` (id or name search) and `id` (one id or a list). */
export const ADMIN_LIST_FILTERS: Record<AdminResource, readonly string[]> = {
  agents: ['is_active'],
  users: ['is_active', 'is_superuser'],
  packs: ['destination_id', 'is_featured'],
  leads: [
    'status',
    'destination_id',
    'agent_id',
    'travel_pack_id',
    'is_priority',
    'email',
    'created_at_gte',
    'created_at_lte',
  ],
  destinations: ['status', 'is_priority'],
};

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
  kind: 'created' | 'status' | 'assignment' | 'account_created';
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
}

export interface AdminLeadDetail extends AdminLead {
  history: AdminLeadEvent[];
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
