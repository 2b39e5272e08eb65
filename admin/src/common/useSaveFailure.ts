import { HttpError, useNotify } from 'react-admin';

/**
 * The notification of a failed save: the server's own message for a refused input (4xx), the
 * given fallback otherwise. Field errors from the API's `errors` map are put on the fields by
 * react-admin (pessimistic mode).
 */
export function useSaveFailure(fallback: string, useServerMessage = true) {
  const notify = useNotify();
  return (error: unknown) => {
    const http = error as HttpError;
    const serverMessage = typeof http?.body?.message === 'string' ? http.body.message : undefined;
    const refused = typeof http?.status === 'number' && http.status >= 400 && http.status < 500;
    notify(useServerMessage && refused && serverMessage ? serverMessage : fallback, {
      type: 'error',
      messageArgs: { _: useServerMessage && refused && serverMessage ? serverMessage : fallback },
    });
  };
}
