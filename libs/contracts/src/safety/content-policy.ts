/**
 * Public text must not carry profanity or hateful language. A small maintained list, matched on
 * word boundaries after undoing common obfuscations (l33t digits, symbols standing for letters,
 * letters split by dots, spaces or dashes, repeated letters), so "class" or "Scunthorpe" pass
 * while "f.u.c.k" or "sh1t" do not.
 */

/** Whole words refused (already normalised: lower case, letters only). Keep sorted. */
const REFUSED_WORDS = [
  'asshole',
  'bastard',
  'bitch',
  'bullshit',
  'chink',
  'cocksucker',
  'cunt',
  'dickhead',
  'dyke',
  'fag',
  'faggot',
  'fuck',
  'fucked',
  'fucker',
  'fucking',
  'gook',
  'kike',
  'motherfucker',
  'nigga',
  'nigger',
  'raghead',
  'retard',
  'shit',
  'shitty',
  'slut',
  'spic',
  'tranny',
  'twat',
  'wetback',
  'whore',
];

/** Phrases refused as a whole (hateful statements built from ordinary words). */
const REFUSED_PHRASES = ['gas the', 'go back to your country', 'heil hitler', 'kill all', 'white power', 'sieg heil'];

const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '|': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
  '8': 'b',
  '9': 'g',
};

const WORDS = new Set(REFUSED_WORDS);

export interface PolicyFinding {
  /** The refused term as the list names it (never echoes the poster's spelling). */
  term: string;
}

function deobfuscate(text: string): string {
  let out = '';
  for (const ch of text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, ''))
    out += LOOKALIKES[ch] ?? ch;
  return out;
}

/** Collapses runs of three or more of one letter ("fuuuck" -> "fuck") and doubled ones as a second try. */
function squeeze(word: string, keep: number): string {
  return word.replace(/(.)\1+/g, (run, ch: string) => ch.repeat(Math.min(run.length, keep)));
}

function tokens(text: string): string[] {
  const plain = deobfuscate(text);
  const words = plain.split(/[^a-z]+/).filter(Boolean);
  // Letters split one by one ("f u c k", "f.u.c.k", "f-u-c-k") rejoin into a word.
  const joined: string[] = [];
  let run = '';
  for (const w of plain.split(/[^a-z*]+/).filter(Boolean)) {
    if (w.length === 1) run += w;
    else {
      if (run.length > 1) joined.push(run);
      run = '';
    }
  }
  if (run.length > 1) joined.push(run);
  return [...words, ...joined];
}

export function findPolicyViolations(text: string): PolicyFinding[] {
  const found = new Set<string>();
  for (const token of tokens(text)) {
    for (const candidate of [token, squeeze(token, 2), squeeze(token, 1)]) {
      if (WORDS.has(candidate)) found.add(candidate);
      // Plural or -s forms of a listed word.
      else if (candidate.endsWith('es') && WORDS.has(candidate.slice(0, -2))) found.add(candidate.slice(0, -2));
      else if (candidate.endsWith('s') && WORDS.has(candidate.slice(0, -1))) found.add(candidate.slice(0, -1));
    }
  }
  const spaced = ` ${deobfuscate(text).replace(/[^a-z]+/g, ' ')} `;
  for (const phrase of REFUSED_PHRASES) if (spaced.includes(` ${phrase} `)) found.add(phrase);
  return [...found].map((term) => ({ term }));
}
