/**
 * Payment card numbers must never reach our records (help requests, reports): 13 to 19 digits,
 * written together or in groups split by single spaces or dashes, that pass the Luhn check.
 */

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
        if (digits.length >= 13 && !/^(\d)\1*$/.test(digits) && printedLikeACard(groups.slice(start, end + 1)) && luhnValid(digits)) {
          return true;
        }
      }
    }
  }
  return false;
}
