/**
 * The keyword unit normaliser of spec §5: a number with a capacitance or inductance unit is rewritten in
 * canonical case so the search can match it exactly (sent as notAnalyzerKeyWords).
 *
 * Matching is case-insensitive as the spec says. That makes the prefix ambiguous only for "m"/"M":
 * no capacitance or inductance unit takes the mega prefix, so both read as milli ("10MF" → "10mF").
 * `u`, `µ` (micro sign) and `Μ`/`μ` (Greek) all read as μ. Inductance has no pico unit in the spec's
 * list, so "10pH" is left alone.
 */

const UNIT_KEYWORD = /^(\d+(?:\.\d+)?|\.\d+)\s*([pnuµμm]?)([fh])$/i;

const CANONICAL_PREFIX: Record<string, string> = { p: 'p', n: 'n', u: 'μ', µ: 'μ', μ: 'μ', m: 'm', '': '' };

const ALLOWED_PREFIXES: Record<'F' | 'H', string[]> = {
  F: ['p', 'n', 'μ', 'm', ''],
  H: ['n', 'μ', 'm', ''],
};

/** The canonical spelling ('10uf' → '10μF', '4.7NH' → '4.7nH'), or undefined when `keyword` is no such value. */
export function normalizeUnitKeyword(keyword: string): string | undefined {
  const match = UNIT_KEYWORD.exec(keyword.trim());
  if (!match) return undefined;
  const [, number, rawPrefix, rawUnit] = match;
  const prefix = CANONICAL_PREFIX[rawPrefix.toLowerCase()];
  const unit = rawUnit.toUpperCase() as 'F' | 'H';
  if (prefix === undefined || !ALLOWED_PREFIXES[unit].includes(prefix)) return undefined;
  return `${number}${prefix}${unit}`;
}

const PREFIX_FACTOR: Record<string, number> = { p: 1e-12, n: 1e-9, μ: 1e-6, m: 1e-3, '': 1 };

/**
 * The SI value of a unit keyword (`10uF`, `10μF`, `0.01mF` and `10000nF` are all 1e-5 F), or undefined when
 * `keyword` is no such value. Used to judge duplicates after normalisation, as the server matches them.
 */
export function unitKeywordValue(keyword: string): { unit: 'F' | 'H'; value: number } | undefined {
  const canonical = normalizeUnitKeyword(keyword);
  if (!canonical) return undefined;
  const match = /^([\d.]+)([pnμm]?)([FH])$/.exec(canonical);
  if (!match) return undefined;
  return { unit: match[3] as 'F' | 'H', value: Number(match[1]) * PREFIX_FACTOR[match[2]] };
}

/** Two keywords naming the same capacitance or inductance (`10uF` and `10μF`, `100nF` and `0.1uF`). */
export function sameUnitValue(a: string, b: string): boolean {
  const left = unitKeywordValue(a);
  const right = unitKeywordValue(b);
  if (!left || !right || left.unit !== right.unit) return false;
  return Math.abs(left.value - right.value) <= 1e-9 * Math.max(Math.abs(left.value), Math.abs(right.value));
}

export interface SearchQuery {
  /** The tags joined by '|' (spec §2 route table). */
  keyWords: string;
  /** Canonical unit spellings of the tags that are unit values, joined by '|'; absent when none. */
  notAnalyzerKeyWords?: string;
}

/** Builds the query of /part|component|mat/search from the keyword tags. */
export function buildSearchQuery(tags: readonly string[]): SearchQuery {
  const keywords = tags.map((tag) => tag.trim()).filter(Boolean);
  const normalised = [...new Set(keywords.map(normalizeUnitKeyword).filter((value): value is string => value !== undefined))];
  const query: SearchQuery = { keyWords: keywords.join('|') };
  if (normalised.length > 0) query.notAnalyzerKeyWords = normalised.join('|');
  return query;
}
