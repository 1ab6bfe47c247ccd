import { csvCell, toCsv } from './csv';

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('Q235, hot rolled')).toBe('"Q235, hot rolled"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('keeps a spreadsheet from running a cell as a formula, but numbers stay numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+86 138')).toBe('+86 138');
    expect(csvCell('@admin')).toBe("'@admin");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('-40')).toBe('-40');
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell('-.5')).toBe('-.5');
  });

  it('starts with a byte-order mark and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['名称', '数量'],
        ['甲', 1],
      ]),
    ).toBe('\ufeff名称,数量\r\n甲,1\r\n');
  });
});
