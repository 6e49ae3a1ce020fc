// Exact comparison of decimal strings. No arithmetic: nothing here produces a figure that is
// shown; it only orders, normalizes and validates the server's exact strings.

const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

interface Parts {
  negative: boolean;
  /** Digits without leading zeros ("" for zero). */
  digits: string;
  /** Position of the decimal point counted from the left end of `digits`. */
  point: number;
}

function parts(text: string): Parts | null {
  const m = DECIMAL.exec(text.trim());
  if (!m) return null;
  const whole = m[2] ?? '';
  const fraction = m[3] ?? '';
  const exponent = m[4] ? parseInt(m[4], 10) : 0;
  let digits = whole + fraction;
  let point = whole.length + exponent;
  const lead = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(lead);
  point -= lead;
  digits = digits.replace(/0+$/, '');
  if (digits === '') return { negative: false, digits: '', point: 0 };
  return { negative: m[1] === '-', digits, point };
}

/** Whether `text` is a decimal number (optionally signed, with an optional exponent). */
export function isDecimal(text: string): boolean {
  return parts(text) !== null;
}

/** The canonical form: no "+", no leading or trailing zeros, no exponent; "-0" is "0". */
export function normalize(text: string): string {
  const p = parts(text);
  if (!p) return text;
  if (p.digits === '') return '0';
  let body: string;
  if (p.point <= 0) body = '0.' + '0'.repeat(-p.point) + p.digits;
  else if (p.point >= p.digits.length) body = p.digits + '0'.repeat(p.point - p.digits.length);
  else body = p.digits.slice(0, p.point) + '.' + p.digits.slice(p.point);
  return (p.negative ? '-' : '') + body;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`; exact for any length. */
export function compare(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  if (!x || !y) throw new Error(`not a decimal: ${!x ? a : b}`);
  const signX = x.digits === '' ? 0 : x.negative ? -1 : 1;
  const signY = y.digits === '' ? 0 : y.negative ? -1 : 1;
  if (signX !== signY) return signX < signY ? -1 : 1;
  if (signX === 0) return 0;
  let magnitude: number;
  if (x.point !== y.point) magnitude = x.point < y.point ? -1 : 1;
  else {
    const n = Math.max(x.digits.length, y.digits.length);
    const dx = x.digits.padEnd(n, '0');
    const dy = y.digits.padEnd(n, '0');
    magnitude = dx === dy ? 0 : dx < dy ? -1 : 1;
  }
  return signX * magnitude;
}

/** Whether two decimal strings denote the same number ("1200.00" and "1200"). */
export function sameDecimal(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return a == null && b == null;
  if (!isDecimal(a) || !isDecimal(b)) return a === b;
  return compare(a, b) === 0;
}

/** How many digits follow the decimal point as written ("1200.50" has 2). */
export function fractionDigits(text: string): number {
  const m = /\.(\d+)/.exec(text);
  return m?.[1]?.length ?? 0;
}

/** The negation of a decimal string, by its sign only ("5" gives "-5"). */
export function negated(text: string): string {
  const n = normalize(text);
  if (n === '0') return n;
  return n.startsWith('-') ? n.slice(1) : '-' + n;
}

/** Whether `text` is an amount a person may type: digits with an optional fraction, not negative. */
export function isPlainAmount(text: string): boolean {
  return /^\d+(\.\d+)?$/.test(text.trim());
}

/** `text` times 10^`places`, by moving its decimal point (exact; no arithmetic on the digits). */
export function shifted(text: string, places: number): string {
  const p = parts(text);
  if (!p) throw new Error(`not a decimal: ${text}`);
  if (p.digits === '') return '0';
  return normalize(`${p.negative ? '-' : ''}0.${p.digits}e${p.point + places}`);
}
