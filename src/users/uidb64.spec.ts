import { decodeUid, encodeUid } from './uidb64';

describe('uidb64', () => {
  it('encodes ids like Django (unpadded base64url of the decimal text)', () => {
    expect(encodeUid(1)).toBe('MQ');
    expect(encodeUid(42)).toBe('NDI');
    expect(encodeUid(123456)).toBe('MTIzNDU2');
  });

  it('decodes only canonical encodings of positive integers', () => {
    for (const id of [1, 42, 99999, 2_147_483_647]) expect(decodeUid(encodeUid(id))).toBe(id);
    for (const bad of [
      '',
      'MQ==',
      'MA',
      'LTE',
      'YWJj',
      '%%',
      'MDE',
      Buffer.from('2147483648').toString('base64url'),
      'x'.repeat(40),
    ]) {
      expect({ bad, id: decodeUid(bad) }).toEqual({ bad, id: null });
    }
  });
});
