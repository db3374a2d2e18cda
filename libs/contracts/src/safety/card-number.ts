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
        if (digits.length >= 13 && !/^(\d)\1*$/.test(digits) && luhnValid(digits)) return true;
      }
    }
  }
  return false;
}
