import fs from 'node:fs';

type Writer = (...args: unknown[]) => unknown;

export interface CapturedOutput {
  /** Everything written to stdout and stderr since the capture began. */
  text(): string;
  restore(): void;
}

/**
 * Copies everything this process writes to stdout/stderr (the app's pino logger writes through
 * process.stdout or straight to fd 1 with fs.write/fs.writeSync, depending on the host), so a test
 * can read the app's log lines. Nothing reaches the terminal while the capture is on.
 */
export function captureOutput(): CapturedOutput {
  const chunks: string[] = [];
  const keep = (data: unknown) => chunks.push(Buffer.isBuffer(data) ? data.toString() : String(data));
  const spies: Array<{ mockRestore(): void }> = [
    jest.spyOn(process.stdout, 'write').mockImplementation(((data: unknown) => (keep(data), true)) as Writer as never),
    jest.spyOn(process.stderr, 'write').mockImplementation(((data: unknown) => (keep(data), true)) as Writer as never),
  ];
  const realWrite = fs.write as unknown as Writer;
  const realWriteSync = fs.writeSync as unknown as Writer;
  spies.push(
    jest.spyOn(fs, 'write').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd === 1 || fd === 2) keep(data);
      return realWrite(fd, data, ...rest);
    }) as Writer as never),
    jest.spyOn(fs, 'writeSync').mockImplementation(((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd === 1 || fd === 2) {
        keep(data);
        return Buffer.byteLength(String(data));
      }
      return realWriteSync(fd, data, ...rest);
    }) as Writer as never),
  );
  return { text: () => chunks.join(''), restore: () => spies.forEach((s) => s.mockRestore()) };
}
