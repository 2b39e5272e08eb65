/**
 * "Too common" passwords: the password is one entry of the zxcvbn list of commonly used
 * passwords (about 49,000, from real leaks) in any letter case, or one entry reversed or with
 * the usual letter-for-symbol swaps ("P@ssw0rd"). A common word inside a longer passphrase is
 * fine. Pure TypeScript (no Node built-ins): the server and the site's sign-up run the same check.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { dictionary } from '@zxcvbn-ts/language-common';

const LIST = 'passwords-common';
let listed: Set<string> | null = null;
let matcher: ZxcvbnFactory | null = null;

function commonList(): Set<string> {
  listed ??= new Set(dictionary[LIST]);
  return listed;
}

export function isCommonPassword(password: string): boolean {
  if (!password) return false;
  if (commonList().has(password.toLowerCase())) return true;
  // Only the passwords list: the question is "is it a known password", not a strength score.
  matcher ??= new ZxcvbnFactory({ dictionary: { [LIST]: dictionary[LIST] } });
  // zxcvbn's matcher undoes reversal and symbol swaps; the whole password must be that one entry.
  const { sequence } = matcher.check(password);
  return (
    sequence.length === 1 &&
    sequence[0].pattern === 'dictionary' &&
    sequence[0].dictionaryName === LIST &&
    sequence[0].token.length === password.length
  );
}
