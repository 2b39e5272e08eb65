import { AppConfig } from '../config/app-config';
import { verificationCodeMail } from './templates/lead-mails';
import { addressHash, StopLinksService } from './stop-links.service';

const config = (publicUrl: string) =>
  ({ publicUrl, jwtSecret: 'k3y-for-the-stop-link-unit-test-0123456789abcdef' }) as AppConfig;

describe('stop links', () => {
  const links = new StopLinksService(config('https://viajes.example'));

  it('name the address by its hash, signed, with no digit in either token', () => {
    for (let i = 0; i < 200; i++) {
      const url = links.url(`Persona.${i}@Example.com`);
      const [address, signature] = url.split('/').slice(-2);
      expect(url.startsWith('https://viajes.example/api/mail/stop/')).toBe(true);
      expect(address).toMatch(/^[a-p]{64}$/);
      expect(signature).toMatch(/^[a-p]{64}$/);
      expect(links.verify(address, signature)).toBe(addressHash(`persona.${i}@example.com`));
    }
  });

  it('refuse a link signed with another key, a changed token or a malformed one', () => {
    const [address, signature] = links.url('ana@example.com').split('/').slice(-2);
    const other = new StopLinksService({
      ...config('https://viajes.example'),
      jwtSecret: 'another-secret-of-enough-length-987654321',
    } as AppConfig);
    expect(other.verify(address, signature)).toBeNull();
    expect(links.verify(address, `${signature.slice(0, -1)}${signature.endsWith('a') ? 'b' : 'a'}`)).toBeNull();
    expect(links.verify(address.toUpperCase(), signature)).toBeNull();
    expect(links.verify('0123', signature)).toBeNull();
  });

  it('give the one-click List-Unsubscribe headers', () => {
    expect(links.headers('ana@example.com')).toEqual({
      'List-Unsubscribe': `<${links.url('ana@example.com')}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('go in the code mail, whose text keeps the code as its only standalone 4-digit number', () => {
    const fourDigits = /(?<!\d)\d{4}(?!\d)/g;
    const url = links.url('ana@example.com');
    const mail = verificationCodeMail('ana@example.com', '4821', url);
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text.match(fourDigits)).toEqual(['4821']);
    // A site address holding a 4-digit number (a development port): the text names the link instead.
    const local = new StopLinksService(config('http://localhost:3000')).url('ana@example.com');
    const localMail = verificationCodeMail('ana@example.com', '4821', local);
    expect(localMail.text).not.toContain(local);
    expect(localMail.text.match(fourDigits)).toEqual(['4821']);
    expect(localMail.html).toContain(`href="${local}"`);
  });
});
