export const USAGE = 'Usage: npm run create-admin -- --email <e-mail> --password <password (8-128 characters)>';

/** Reports a problem the way the command line expects: a prefixed line on stderr and an exit code. */
export function fail(message: string, code: number): void {
  console.error(`create-admin: ${message}`);
  process.exitCode = code;
}

/** Commander's own argument errors, worded like the command's and with the usage exit code 2. */
export function commanderProblem(err: Error & { code?: string; exitCode?: number }): void {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') process.exit(0);
  const option = /'(-[^' ]+)/.exec(err.message)?.[1] ?? '';
  const messages: Record<string, string> = {
    'commander.unknownOption': `unknown argument "${option}"`,
    'commander.optionMissingArgument': `${option} needs a value`,
    'commander.excessArguments': 'unexpected arguments',
  };
  fail(`${messages[err.code ?? ''] ?? err.message.replace(/^error: /, '')}\n${USAGE}`, 2);
  process.exit(2);
}
