import type { SearchInterpretation, SearchSort } from '@marketplace/contracts';

/**
 * Reads budget bounds and ordering words out of a free-text query, and leaves the rest as the
 * words to match. "under $500", "less than 500 dollars", "over $1k", "at least 200",
 * "between 100 and 300 dollars", "$100-$300"; "newest", "latest", "most recent", "cheapest",
 * "highest paying". A number counts as money only with a currency marker, so "over 100 pages"
 * stays text. Explicit parameters override (applied by the caller).
 */
const AMOUNT = String.raw`\$?\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|thousand)?\s?(?:dollars|usd|bucks)?`;

const CURRENCY = /\$|\d\s?k\b|thousand|dollars|usd|bucks/i;

function amount(digits: string, suffix: string | undefined): number {
  const n = Number(digits.replace(/,/g, ''));
  return Math.round(suffix ? n * 1000 : n);
}

interface Rule {
  pattern: RegExp;
  apply: (m: RegExpMatchArray, out: Interpretation) => void;
}

interface Interpretation {
  minBudget: number | null;
  maxBudget: number | null;
  sort: SearchSort | null;
}

const RULES: Rule[] = [
  {
    pattern: new RegExp(String.raw`\bbetween\s+${AMOUNT}\s+(?:and|to)\s+${AMOUNT}`, 'i'),
    apply: (m, o) => {
      const a = amount(m[1]!, m[2]);
      const b = amount(m[3]!, m[4]);
      o.minBudget = Math.min(a, b);
      o.maxBudget = Math.max(a, b);
    },
  },
  {
    pattern: new RegExp(String.raw`(?<![\w$])\$\s?(\d{1,3}(?:,\d{3})+|\d+)\s?(k)?\s?(?:-|\u2013|to)\s?\$\s?(\d{1,3}(?:,\d{3})+|\d+)\s?(k)?`, 'i'),
    apply: (m, o) => {
      o.minBudget = amount(m[1]!, m[2]);
      o.maxBudget = amount(m[3]!, m[4]);
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:under|below|less\s+than|at\s+most|up\s+to|max(?:imum)?|no\s+more\s+than|cheaper\s+than)\s+${AMOUNT}`, 'i'),
    apply: (m, o) => {
      o.maxBudget = amount(m[1]!, m[2]);
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:over|above|more\s+than|at\s+least|min(?:imum)?|from)\s+${AMOUNT}`, 'i'),
    apply: (m, o) => {
      o.minBudget = amount(m[1]!, m[2]);
    },
  },
  {
    pattern: /\b(?:newest|latest|most\s+recent|recent(?:ly\s+posted)?|new\s+first)\b/i,
    apply: (_m, o) => {
      o.sort = 'newest';
    },
  },
  {
    pattern: /\b(?:cheapest|lowest\s+(?:budget|paying|pay|price)|least\s+expensive)\b/i,
    apply: (_m, o) => {
      o.sort = 'budget_asc';
    },
  },
  {
    pattern: /\b(?:highest\s+(?:budget|paying|pay|price)|best\s+paying|most\s+expensive|biggest\s+budget)\b/i,
    apply: (_m, o) => {
      o.sort = 'budget_desc';
    },
  },
];

export interface ExplicitSearch {
  minBudget?: number;
  maxBudget?: number;
  sort?: SearchSort;
}

export function interpretQuery(q: string | undefined, explicit: ExplicitSearch = {}): SearchInterpretation {
  let text = (q ?? '').trim();
  const implied: Interpretation = { minBudget: null, maxBudget: null, sort: null };
  let interpreted = false;
  for (const rule of RULES) {
    const m = text.match(rule.pattern);
    if (!m) continue;
    // A bare number is not money ("over 100 pages", "from 2019"): bounds need $, k, dollars, usd or bucks.
    if (/\d/.test(m[0]) && !CURRENCY.test(m[0])) continue;
    rule.apply(m, implied);
    interpreted = true;
    text = `${text.slice(0, m.index)} ${text.slice(m.index! + m[0].length)}`;
  }
  text = text
    .replace(/\s+/g, ' ')
    .replace(/^(?:jobs?|gigs?)\s+/i, (s) => (text.trim().split(' ').length > 1 ? '' : s))
    .trim();
  const sort: SearchSort = explicit.sort ?? implied.sort ?? (text ? 'relevance' : 'newest');
  return {
    query: text,
    minBudget: explicit.minBudget ?? implied.minBudget,
    maxBudget: explicit.maxBudget ?? implied.maxBudget,
    sort,
    interpreted,
  };
}
