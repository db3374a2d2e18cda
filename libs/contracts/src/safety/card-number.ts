/**
 * Payment card numbers must never reach our records (help requests, reports, job text, messages,
 * recordings): 13 to 19 digits, written together or in groups split by single spaces or dashes,
 * that start with a card network's prefix, have one of its lengths, and pass the Luhn check. One
 * number in ten of any length passes Luhn by chance; an invoice, order, ticket or tracking number
 * that starts with no network's prefix is not a card.
 */

interface CardNetwork {
  name: string;
  /** Inclusive ranges of leading digits, each end of the same length (`['2221', '2720']`). */
  prefixes: ReadonlyArray<readonly [string, string]>;
  lengths: readonly number[];
}

const range = (from: string, to = from) => [from, to] as const;

/**
 * The networks' issuer prefixes and lengths as they publish them (ISO/IEC 7812 IINs). Maestro's
 * and UnionPay's wide ranges cover most numbers starting 5 or 6; no network issues numbers
 * starting 0, 1 (UATP's airline cards are 15 digits starting 1), 7, 8 (but UnionPay's 81) or 9
 * (but Troy's 9792).
 */
const CARD_NETWORKS: readonly CardNetwork[] = [
  { name: 'Visa', prefixes: [range('4')], lengths: [13, 16, 19] },
  { name: 'Mastercard', prefixes: [range('51', '55'), range('2221', '2720')], lengths: [16] },
  { name: 'American Express', prefixes: [range('34'), range('37')], lengths: [15] },
  { name: 'Discover', prefixes: [range('6011'), range('644', '649'), range('65'), range('622126', '622925')], lengths: [16, 17, 18, 19] },
  { name: 'Diners Club', prefixes: [range('300', '305'), range('3095'), range('36'), range('38', '39')], lengths: [14, 15, 16, 17, 18, 19] },
  { name: 'JCB', prefixes: [range('3528', '3589')], lengths: [16, 17, 18, 19] },
  { name: 'UnionPay', prefixes: [range('62'), range('81')], lengths: [16, 17, 18, 19] },
  { name: 'Maestro', prefixes: [range('50'), range('56', '69')], lengths: [13, 14, 15, 16, 17, 18, 19] },
  { name: 'Mir', prefixes: [range('2200', '2204')], lengths: [16, 17, 18, 19] },
  { name: 'UATP', prefixes: [range('1')], lengths: [15] },
  { name: 'Troy', prefixes: [range('9792')], lengths: [16] },
];

function inRange(digits: string, [from, to]: readonly [string, string]): boolean {
  const head = digits.slice(0, from.length);
  return head >= from && head <= to;
}

/** The network a number of digits belongs to by its prefix and length, or undefined. */
export function cardNetworkOf(digits: string): string | undefined {
  return CARD_NETWORKS.find((n) => n.lengths.includes(digits.length) && n.prefixes.some((r) => inRange(digits, r)))?.name;
}

/** Digits only: a network's prefix and length, not one repeated digit, and the Luhn check. */
export function isCardNumber(digits: string): boolean {
  return /^\d{13,19}$/.test(digits) && !/^(\d)\1*$/.test(digits) && cardNetworkOf(digits) !== undefined && luhnValid(digits);
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Runs of digit groups joined by one space or dash, not touching other digits. */
const DIGIT_RUN = /(?<!\d)\d+(?:[ -]\d+)*(?!\d)/g;

/**
 * How cards are printed when split: fours (the last group may be shorter, as in 4-4-4-4-3),
 * or American Express and Diners Club's 4-6-5 and 4-6-4. Other groupings (a UUID's 8-4-4-4-12,
 * dates, phone numbers) are not card numbers even when their digits pass the Luhn check.
 */
function printedLikeACard(groups: readonly string[]): boolean {
  if (groups.length === 1) return true;
  const sizes = groups.map((g) => g.length).join('-');
  if (sizes === '4-6-5' || sizes === '4-6-4') return true;
  return groups.slice(0, -1).every((g) => g.length === 4) && groups[groups.length - 1]!.length <= 4;
}

/**
 * Whether the text holds what looks like a card number. Every stretch of consecutive groups in a
 * run is tried, so `order 12345 4111 1111 1111 1111` is found as well as `4111111111111111`. A
 * number of one repeated digit (0000 0000 0000 0000) is not a card.
 */
export function holdsCardNumber(text: string): boolean {
  for (const run of text.matchAll(DIGIT_RUN)) {
    const groups = run[0].split(/[ -]/);
    for (let start = 0; start < groups.length; start++) {
      let digits = '';
      for (let end = start; end < groups.length; end++) {
        digits += groups[end];
        if (digits.length > 19) break;
        if (digits.length >= 13 && printedLikeACard(groups.slice(start, end + 1)) && isCardNumber(digits)) {
          return true;
        }
      }
    }
  }
  return false;
}
