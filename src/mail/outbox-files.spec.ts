import { createTransport } from 'nodemailer';
import { emlSearchText, outboxFileName, outboxIdOfFile } from './outbox-files';

/** The bytes MailService writes for MAIL_TRANSPORT=outbox. */
async function eml(message: { to: string; subject: string; text: string; html: string }): Promise<Buffer> {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: 'agencia@example.com', ...message });
  return (info as unknown as { message: Buffer }).message;
}

describe('outbox files', () => {
  it('names a file by its outbox row, and reads the row back from the name', () => {
    expect(outboxIdOfFile(outboxFileName(42))).toBe(42);
    expect(outboxIdOfFile(outboxFileName())).toBeNull();
    expect(outboxIdOfFile('1700000000000-1a2b3c4d.eml')).toBeNull();
  });

  it('finds a name and an address however the mail encoded them (encoded words, quoted-printable, base64, entities)', async () => {
    const long = 'Texto largo para que las líneas se partan. '.repeat(8);
    const name = 'Begoña Núñez-O’Connor';
    const raw = await eml({
      to: 'begona.nunez@example.com',
      subject: `Hola ${name}, tu viaje a Cancún`,
      text: `${long}Escribe a begona.nunez@example.com o llama al 555 123 4567. ${long}`,
      html: `<p>${long}Hola ${name.replace('’', '&#8217;')} &amp; familia</p>`,
    });
    const text = emlSearchText(raw);
    for (const word of [name, 'begona.nunez@example.com', '555 123 4567']) expect(text).toContain(word.toLowerCase());
    // Base64 (a body that is mostly not ASCII) too.
    const b64 = await eml({ to: 'x@example.com', subject: 's', text: `ñññ ${'€'.repeat(200)} ${name}`, html: '' });
    expect(b64.toString('utf8')).toMatch(/base64/i);
    expect(emlSearchText(b64)).toContain(name.toLowerCase());
  });
});
