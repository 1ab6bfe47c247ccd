import { describe, expect, it } from 'vitest';
import { maskedKey, openBase, searchExample, usedToday } from './open-keys';

describe('open-platform helpers', () => {
  it('builds the open base of a library from the page origin', () => {
    expect(openBase('https://portal.example.com', 'component')).toBe('https://portal.example.com/to/open/component');
    expect(openBase('http://127.0.0.1:8080/', 'mat')).toBe('http://127.0.0.1:8080/to/open/mat');
  });

  it('masks a key to its display prefix', () => {
    expect(maskedKey('opk_ab12')).toBe('opk_ab12••••••••');
  });

  it("reads today's requests from the last day of the usage", () => {
    expect(usedToday({ usage: [] })).toBe(0);
    expect(
      usedToday({
        usage: [
          { date: '2026-11-26', requests: 4 },
          { date: '2026-11-27', requests: 9 },
        ],
      }),
    ).toBe(9);
  });

  it('writes a search example per language with the key header and the encoded keyword', () => {
    const curl = searchExample('curl', 'https://p.example', 'component', '运放 LM358');
    expect(curl).toContain('X-API-Key: $PORTAL_API_KEY');
    expect(curl).toContain('https://p.example/to/open/component/search?keyWords=%E8%BF%90%E6%94%BE%20LM358');
    const python = searchExample('python', 'https://p.example', 'part', 'M6');
    expect(python).toContain('url = "https://p.example/to/open/part/search"');
    expect(python).toContain('"keyWords": "M6"');
    expect(python).toContain('Retry-After');
    const javascript = searchExample('javascript', 'https://p.example', 'mat', '304');
    expect(javascript).toContain("fetch('https://p.example/to/open/mat/search?keyWords=304&pageSize=10'");
    expect(javascript).toContain("'X-API-Key': process.env.PORTAL_API_KEY");
  });
});
