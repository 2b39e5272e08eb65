import { useTranslate } from 'react-admin';

/**
 * Texts of the sign-in, sign-up and password pages in the current language. `show` takes a
 * catalogue key or a message (a shared rule's or the server's English text): the back-office's own
 * wording of a message it knows, any other text as it came.
 */
export function useAuthText() {
  const translate = useTranslate();
  const show = (message: string, args?: Record<string, unknown>) => translate(message, { _: message, ...args });
  /** Field errors, each in the current language. */
  const showErrors = (errors: Record<string, string>) =>
    Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, show(message)]));
  return { translate, show, showErrors };
}
