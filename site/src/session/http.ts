/** JSON calls to the API (same origin, /api). Errors carry the status and the server's body. */
export interface ApiErrorBody {
  statusCode?: number;
  error?: string;
  message?: string;
  errors?: Record<string, string>;
  success?: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error ?? body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
  keepalive?: boolean;
}

export async function requestJson<T>(path: string, init: JsonRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: init.credentials ?? 'same-origin',
    keepalive: init.keepalive,
  });
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) throw new ApiError(res.status, (body as ApiErrorBody | null) ?? null);
  return body as T;
}
