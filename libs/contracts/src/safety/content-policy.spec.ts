import { describe, expect, it } from 'vitest';

import { findPolicyViolations } from './content-policy.js';

const terms = (text: string) => findPolicyViolations(text).map((f) => f.term);

describe('content policy', () => {
  it('refuses listed words on word boundaries, any case', () => {
    expect(terms('This is SHIT work')).toEqual(['shit']);
    expect(terms('fucking deadline')).toEqual(['fucking']);
  });

  it('passes ordinary words that contain a listed word', () => {
    expect(terms('Classic assessment in Scunthorpe; shitake mushrooms; a cockpit; therapist')).toEqual([]);
    expect(terms('## Scope\nMigrate the database to PostgreSQL.')).toEqual([]);
  });

  it('undoes common obfuscations', () => {
    expect(terms('sh1t')).toEqual(['shit']);
    expect(terms('f.u.c.k this')).toEqual(['fuck']);
    expect(terms('f u c k')).toEqual(['fuck']);
    expect(terms('a$$hole')).toEqual(['asshole']);
    expect(terms('fuuuuck')).toEqual(['fuck']);
    expect(terms('b!tches')).toEqual(['bitch']);
  });

  it('refuses hateful phrases', () => {
    expect(terms('Heil Hitler')).toEqual(['heil hitler']);
    expect(terms('we should kill all of them')).toEqual(['kill all']);
    expect(terms('Kill all the bugs')).toEqual(['kill all']);
  });
});
