import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import type { HydrationState } from 'react-router';

/** The element id of the JSON block that carries the server's loader data to the browser. */
export const HYDRATION_ELEMENT_ID = 'router-data';

type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown }
  | { __type: 'Error'; message: string };

/**
 * The router's state as a JSON data block. A data block (type="application/json") is never
 * executed, so it passes the site's script-src 'self' policy; `<` is escaped so no value can end
 * the element early.
 */
export function serializeHydration(state: HydrationState): string {
  const errors: Record<string, SerializedError> | null = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors).map(([id, e]): [string, SerializedError] => [
          id,
          isRouteErrorResponse(e)
            ? { __type: 'RouteErrorResponse', status: e.status, statusText: e.statusText, data: e.data as unknown }
            : { __type: 'Error', message: e instanceof Error ? e.message : String(e) },
        ]),
      )
    : null;
  const json = JSON.stringify({ loaderData: state.loaderData, actionData: state.actionData, errors });
  return `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}

/** Reads the block back (undefined when the page was not rendered on the server). */
export function readHydration(doc: Document): HydrationState | undefined {
  const text = doc.getElementById(HYDRATION_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  const parsed = JSON.parse(text) as {
    loaderData: HydrationState['loaderData'];
    actionData: HydrationState['actionData'];
    errors: Record<string, SerializedError> | null;
  };
  const errors = parsed.errors
    ? Object.fromEntries(
        Object.entries(parsed.errors).map(([id, e]) => [
          id,
          e.__type === 'RouteErrorResponse'
            ? new ErrorResponseImpl(e.status, e.statusText, e.data)
            : new Error(e.message),
        ]),
      )
    : null;
  return { loaderData: parsed.loaderData, actionData: parsed.actionData, errors };
}
