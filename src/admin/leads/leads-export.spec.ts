import { csvRows } from './leads-export.service';

const cell = (value: unknown) => csvRows([[value]]).replace(/\r\n$/, '');

describe('lead CSV', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(cell('=1+1')).toBe("'=1+1");
    expect(cell('+34 600')).toBe("'+34 600");
    expect(cell('-5')).toBe("'-5");
    expect(cell('@cmd')).toBe("'@cmd");
    expect(cell('\tx')).toBe(`"'\tx"`);
    expect(cell('\rx')).toBe(`"'\rx"`);
    expect(cell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('quotes commas, quotes, line breaks, semicolons and tabs, and writes empty cells for null', () => {
    expect(cell('Cancún, MX')).toBe('"Cancún, MX"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('a\nb')).toBe('"a\nb"');
    expect(cell('Ana;=1+1')).toBe('"Ana;=1+1"');
    expect(cell('a\tb')).toBe('"a\tb"');
    expect(cell(null)).toBe('');
    expect(cell(42)).toBe('42');
  });

  it('writes CRLF rows and a byte-order mark only when asked', () => {
    expect(
      csvRows([
        ['a', 1],
        ['b', null],
      ]),
    ).toBe('a,1\r\nb,\r\n');
    expect(csvRows([['lead_id']], { bom: true })).toBe('\uFEFFlead_id\r\n');
  });
});
