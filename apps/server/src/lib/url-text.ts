/**
 * Entity decoding and the URL safety rule shared by the content sanitiser and the site settings:
 * plain functions with no module behind them.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
  semi: ';',
  comma: ',',
  period: '.',
  excl: '!',
  num: '#',
  equals: '=',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  bull: '•',
  times: '×',
  divide: '÷',
  deg: '°',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  laquo: '«',
  raquo: '»',
};

/** Decodes character references the way a browser would (numeric with or without `;`, the named set above). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);?/g, (match, ref: string) => {
    if (ref.startsWith('#')) {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      const code = Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return '\ufffd';
      return String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[ref.toLowerCase()];
    return named ?? match;
  });
}

/**
 * A URL an author may link to or show: http(s), mailto (links only) or a relative path.
 * The value is entity-decoded first; control characters and whitespace anywhere make it unsafe
 * (browsers strip them before reading the scheme, so "java\tscript:" is javascript:).
 */
export function safeUrl(raw: string, kind: 'link' | 'image'): string | null {
  const value = decodeEntities(raw).trim();
  if (!value || value.length > 2000) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/.test(value)) return null;
  if (value.includes('\\')) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value);
  if (scheme) {
    const s = scheme[1]!.toLowerCase();
    if (s === 'http' || s === 'https') return /^https?:\/\/[^/?#]+/i.test(value) ? value : null;
    if (s === 'mailto' && kind === 'link') return value;
    return null;
  }
  // No scheme: a relative reference. Refuse anything whose first segment holds a colon
  // (a scheme in disguise) and protocol-relative "//host" URLs.
  if (value.startsWith('//')) return null;
  const firstSegment = value.split(/[/?#]/, 1)[0] ?? '';
  if (firstSegment.includes(':')) return null;
  return value;
}
