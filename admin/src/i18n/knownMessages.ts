import type { LeadStatus } from '@shared/limits';
import { LEAD_STATUS_LABELS } from '@shared/rules/lead-status';
import { en } from './en';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** English text of a rule or server message -> its catalogue key. */
const EXACT = new Map<string, string>();
const GROUPS = [
  'user',
  'lead',
  'pack',
  'destination',
  'admin_login',
  'admin_sign_up',
  'admin_forgot',
  'reset',
  'account',
  'auth',
] as const;
for (const group of GROUPS) {
  for (const [name, text] of Object.entries(en.errors[group])) {
    if (!EXACT.has(text)) EXACT.set(text, `errors.${group}.${name}`);
  }
}

const FIELDS = new Map<string, string>(
  Object.entries(en.errors.field)
    .filter(([, text]) => !text.includes('%{'))
    .map(([name, text]) => [text, `errors.field.${name}`]),
);

const STATUSES = new Map<string, LeadStatus>(
  Object.entries(LEAD_STATUS_LABELS).map(([status, label]) => [label, status as LeadStatus]),
);

/** A field name as the shared rules write it ('Title', 'Hotel image 2'), translated. */
function field(label: string, translate: Translate): string | undefined {
  const key = FIELDS.get(label);
  if (key) return translate(key);
  const numbered = /^(Gallery|Hotel) image (\d+)$/.exec(label);
  if (numbered)
    return translate(`errors.field.${numbered[1] === 'Gallery' ? 'gallery' : 'hotel'}_image`, { n: numbered[2] });
  return undefined;
}

function status(label: string, translate: Translate): string | undefined {
  const found = STATUSES.get(label);
  return found ? translate(`app.status.${found}`) : undefined;
}

/** Messages that name a field or a number: the pattern, its key and how its arguments are read. */
const PATTERNS: Array<[RegExp, string, (m: RegExpExecArray, t: Translate) => Record<string, unknown> | undefined]> = [
  [/^Amenity (\d+) must be a non-empty string$/, 'amenity', (m) => ({ n: m[1] })],
  [/^Amenity (\d+) cannot exceed (\d+) characters$/, 'amenity_length', (m) => ({ n: m[1], max: m[2] })],
  [/^Feature (\d+) must be a non-empty string$/, 'feature', (m) => ({ n: m[1] })],
  [/^Feature (\d+) cannot exceed (\d+) characters$/, 'feature_length', (m) => ({ n: m[1], max: m[2] })],
  [
    /^A lead cannot move from (.+) to (.+)$/,
    'status_move',
    (m, t) => {
      const [from, to] = [status(m[1], t), status(m[2], t)];
      return from && to ? { from, to } : undefined;
    },
  ],
  [/^(.+) is required$/, 'required', (m, t) => withField(m[1], t)],
  [/^(.+) cannot exceed (\d+) characters$/, 'too_long', (m, t) => withField(m[1], t, { max: m[2] })],
  [/^(.+) contains characters that are not allowed$/, 'not_allowed', (m, t) => withField(m[1], t)],
  [/^(.+) must be text$/, 'not_text', (m, t) => withField(m[1], t)],
  [/^(.+) has invalid format\. Allowed formats: JPG, PNG, WEBP\.$/, 'image_format', (m, t) => withField(m[1], t)],
  [/^(.+) must be less than (\d+)MB\.$/, 'image_size', (m, t) => withField(m[1], t, { mb: m[2] })],
];

function withField(label: string, translate: Translate, extra: Record<string, unknown> = {}) {
  const name = field(label, translate);
  return name ? { field: name, ...extra } : undefined;
}

/**
 * The back-office's own wording of a message it knows (a shared rule's or the server's English
 * text), in the current language; undefined for any other text, which is then shown as it came.
 */
export function knownMessage(message: string, translate: Translate): string | undefined {
  return single(message, translate) ?? several(message, translate);
}

function single(message: string, translate: Translate): string | undefined {
  const key = EXACT.get(message);
  if (key) return translate(key);
  for (const [pattern, name, args] of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = args(match, translate);
    if (values) return translate(`errors.pattern.${name}`, values);
  }
  return undefined;
}

/** Several known messages joined by spaces (the image checks report every file at once). */
function several(message: string, translate: Translate): string | undefined {
  for (let at = message.indexOf('. '); at > 0; at = message.indexOf('. ', at + 1)) {
    const first = single(message.slice(0, at + 1), translate);
    if (!first) continue;
    const rest = knownMessage(message.slice(at + 2), translate);
    if (rest) return `${first} ${rest}`;
  }
  return undefined;
}
