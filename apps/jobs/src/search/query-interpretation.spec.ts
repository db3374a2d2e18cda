import { describe, expect, it } from 'vitest';

import { interpretQuery } from './query-interpretation.js';

describe('search query interpretation', () => {
  it('reads an upper bound and keeps the words', () => {
    expect(interpretQuery('logo design under $500')).toEqual({
      query: 'logo design',
      minBudget: null,
      maxBudget: 500,
      sort: 'relevance',
      interpreted: true,
    });
  });

  it('reads a range in words or with dollar signs', () => {
    expect(interpretQuery('data cleanup between 100 and 300 dollars')).toMatchObject({ query: 'data cleanup', minBudget: 100, maxBudget: 300 });
    expect(interpretQuery('$1,000-$2k scraping')).toMatchObject({ query: 'scraping', minBudget: 1000, maxBudget: 2000 });
    expect(interpretQuery('at least 250 usd translation')).toMatchObject({ query: 'translation', minBudget: 250, maxBudget: null });
  });

  it('reads ordering words', () => {
    expect(interpretQuery('newest python jobs')).toMatchObject({ query: 'python jobs', sort: 'newest', interpreted: true });
    expect(interpretQuery('cheapest writing')).toMatchObject({ query: 'writing', sort: 'budget_asc' });
    expect(interpretQuery('highest paying research')).toMatchObject({ query: 'research', sort: 'budget_desc' });
  });

  it('lets explicit parameters win', () => {
    expect(interpretQuery('under $500 newest', { maxBudget: 900, sort: 'relevance' })).toMatchObject({
      query: '',
      maxBudget: 900,
      sort: 'relevance',
      interpreted: true,
    });
  });

  it('leaves plain text alone; no text sorts newest', () => {
    expect(interpretQuery('postgres migration')).toEqual({
      query: 'postgres migration',
      minBudget: null,
      maxBudget: null,
      sort: 'relevance',
      interpreted: false,
    });
    expect(interpretQuery(undefined)).toMatchObject({ query: '', sort: 'newest', interpreted: false });
    expect(interpretQuery('version 2 of the api')).toMatchObject({ minBudget: null, maxBudget: null, interpreted: false });
    expect(interpretQuery('summarise over 100 pages from 2019')).toEqual({
      query: 'summarise over 100 pages from 2019',
      minBudget: null,
      maxBudget: null,
      sort: 'relevance',
      interpreted: false,
    });
    expect(interpretQuery('audit over 2k')).toMatchObject({ query: 'audit', minBudget: 2000 });
  });
});
