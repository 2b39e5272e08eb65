import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import type { LoadedPage } from './page-state';

/** The element id of the JSON block that carries the server's loader data to the browser. */
export const HYDRATION_ELEMENT_ID = 'router-data';

type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown }
  | { __type: 'Error'; message: string };

/** What the browser needs to hydrate the server's page: each matched route's loader data (in match order) and the page's error. */
export interface Hydration {
  data: unknown[];
  error: unknown;
}

/**
 * The page's loader data and error as a JSON data block. A data block (type="application/json")
 * is never executed, so it passes the site's script-src 'self' policy; `<` is escaped so no value
 * can end the element early.
 */
export function serializeHydration(page: LoadedPage): string {
  const e = page.error;
  const error: SerializedError | null =
    e === null || e === undefined
      ? null
      : isRouteErrorResponse(e)
        ? { __type: 'RouteErrorResponse', status: e.status, statusText: e.statusText, data: e.data as unknown }
        : { __type: 'Error', message: e instanceof Error ? e.message : String(e) };
  const json = JSON.stringify({ data: page.matches.map((m) => m.data ?? null), error });
  return `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}

/** Reads the block back (undefined when the page was not rendered on the server). */
export function readHydration(doc: Document): Hydration | undefined {
  const text = doc.getElementById(HYDRATION_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  const parsed = JSON.parse(text) as { data: unknown[]; error: SerializedError | null };
  const e = parsed.error;
  const error =
    e === null
      ? null
      : e.__type === 'RouteErrorResponse'
        ? new ErrorResponseImpl(e.status, e.statusText, e.data)
        : new Error(e.message);
  return { data: parsed.data, error };
}
