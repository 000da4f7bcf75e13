/**
 * A strict allow-list HTML sanitizer for operator content (rich text is sanitised ON SAVE, so no
 * script can reach a reader). It does not try to repair HTML: it tokenizes the input, keeps only
 * the tags and attributes listed below, and RE-SERIALISES everything from the tokens, escaping
 * every text run and attribute value. Nothing of the input is copied through verbatim, so markup
 * the tokenizer did not understand can only come out as escaped text.
 *
 * Dropped with their whole content: script, style, iframe, object, embed, template, svg, math,
 * noscript, textarea, title, xmp, plaintext, noembed, noframes, select, head.
 * Dropped (content kept as text): every other tag not in the allow-list.
 * Attributes: only those listed per tag; every on* handler, style and class are dropped.
 * URLs (a href, img src): http(s), mailto (links only), or relative paths; anything else
 * (javascript:, data:, vbscript:, obfuscated with entities, control characters or whitespace)
 * drops the attribute. Absolute links get target="_blank" rel="noopener noreferrer nofollow".
 */

import { decodeEntities, safeUrl } from '../../lib/url-text';

export { decodeEntities, safeUrl };

const ALLOWED_TAGS: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  del: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  span: [],
  div: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: [],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  blockquote: [],
  pre: [],
  code: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  figure: [],
  figcaption: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};

const VOID_TAGS = new Set(['br', 'hr', 'img']);

/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'svg',
  'math',
  'noscript',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'select',
  'head',
]);

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Plain text of any input: every tag removed, entities decoded (for summaries and titles). */
export function toPlainText(html: string): string {
  const out: string[] = [];
  for (const token of tokenize(html)) {
    if (token.kind === 'text') out.push(token.text);
    else if (token.kind === 'start' && (token.name === 'br' || token.name === 'p' || token.name === 'li'))
      out.push(' ');
  }
  return out.join('').replace(/\s+/g, ' ').trim();
}


interface TextToken {
  kind: 'text';
  text: string;
}
interface StartToken {
  kind: 'start';
  name: string;
  attrs: Array<[string, string]>;
  selfClosing: boolean;
}
interface EndToken {
  kind: 'end';
  name: string;
}
type Token = TextToken | StartToken | EndToken;

const NAME_START = /[a-zA-Z]/;
const SPACE = /[\t\n\f\r ]/;

/**
 * A small HTML tokenizer following the browser's rules where they matter for safety: tag names
 * and attributes, quoted/unquoted values, comments, doctype/processing instructions, and raw-text
 * elements (whose content is skipped to the matching end tag). Text is entity-decoded.
 */
export function* tokenize(html: string): Generator<Token> {
  const n = html.length;
  let i = 0;
  let text = '';
  const flush = function* (): Generator<Token> {
    if (text) {
      yield { kind: 'text', text: decodeEntities(text) };
      text = '';
    }
  };

  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    i = lt;
    const next = html[i + 1] ?? '';

    if (html.startsWith('<!--', i)) {
      yield* flush();
      const end = html.indexOf('-->', i + 4);
      // A comment without an end swallows the rest (as in a browser).
      i = end === -1 ? n : end + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      yield* flush();
      const end = html.indexOf('>', i + 2);
      i = end === -1 ? n : end + 1;
      continue;
    }
    if (next === '/') {
      const c = html[i + 2] ?? '';
      if (!NAME_START.test(c)) {
        // "</" not followed by a letter: a bogus comment up to ">" in a browser.
        yield* flush();
        const end = html.indexOf('>', i + 2);
        i = end === -1 ? n : end + 1;
        continue;
      }
      yield* flush();
      let j = i + 2;
      while (j < n && !SPACE.test(html[j]!) && html[j] !== '/' && html[j] !== '>') j++;
      const name = html.slice(i + 2, j).toLowerCase();
      const end = html.indexOf('>', j);
      i = end === -1 ? n : end + 1;
      yield { kind: 'end', name };
      continue;
    }
    if (!NAME_START.test(next)) {
      // A lone "<" is text.
      text += '<';
      i += 1;
      continue;
    }

    // Start tag.
    yield* flush();
    let j = i + 1;
    while (j < n && !SPACE.test(html[j]!) && html[j] !== '/' && html[j] !== '>') j++;
    const name = html.slice(i + 1, j).toLowerCase();
    const attrs: Array<[string, string]> = [];
    let selfClosing = false;
    let closed = false;
    while (j < n) {
      const ch = html[j]!;
      if (SPACE.test(ch)) {
        j++;
        continue;
      }
      if (ch === '>') {
        j++;
        closed = true;
        break;
      }
      if (ch === '/') {
        if (html[j + 1] === '>') {
          selfClosing = true;
          j += 2;
          closed = true;
          break;
        }
        j++;
        continue;
      }
      // Attribute name: up to whitespace, "/", ">" or "=" (a leading "=" belongs to the name).
      let k = j + 1;
      while (k < n && !SPACE.test(html[k]!) && html[k] !== '/' && html[k] !== '>' && html[k] !== '=') k++;
      const attrName = html.slice(j, k).toLowerCase();
      j = k;
      while (j < n && SPACE.test(html[j]!)) j++;
      let value = '';
      if (html[j] === '=') {
        j++;
        while (j < n && SPACE.test(html[j]!)) j++;
        const q = html[j];
        if (q === '"' || q === "'") {
          const end = html.indexOf(q, j + 1);
          if (end === -1) {
            j = n;
            break;
          }
          value = html.slice(j + 1, end);
          j = end + 1;
        } else {
          let e = j;
          while (e < n && !SPACE.test(html[e]!) && html[e] !== '>') e++;
          value = html.slice(j, e);
          j = e;
        }
      }
      if (!attrs.some(([a]) => a === attrName)) attrs.push([attrName, decodeEntities(value)]);
    }
    i = j;
    if (!closed) break; // an unterminated tag at the end is dropped, as a browser does

    if (DROP_WITH_CONTENT.has(name)) {
      if (name === 'plaintext') {
        i = n;
        continue;
      }
      // Skip to the matching end tag (case-insensitive); without one, to the end.
      const lower = html.toLowerCase();
      let k = i;
      for (;;) {
        const at = lower.indexOf(`</${name}`, k);
        if (at === -1) {
          i = n;
          break;
        }
        const after = lower[at + 2 + name.length] ?? '';
        if (after === '' || after === '>' || after === '/' || SPACE.test(after)) {
          const end = html.indexOf('>', at);
          i = end === -1 ? n : end + 1;
          break;
        }
        k = at + 2;
      }
      continue;
    }
    yield { kind: 'start', name, attrs, selfClosing };
  }
  yield* flush();
}

function cleanAttrs(name: string, attrs: Array<[string, string]>): string {
  const allowed = ALLOWED_TAGS[name] ?? [];
  const out: string[] = [];
  let external = false;
  for (const [attr, value] of attrs) {
    if (!allowed.includes(attr)) continue;
    if (attr === 'href' || attr === 'src') {
      const url = safeUrl(value, attr === 'href' ? 'link' : 'image');
      if (url === null) continue;
      if (/^https?:/i.test(url)) external = true;
      out.push(`${attr}="${escapeAttr(url)}"`);
      continue;
    }
    if (attr === 'width' || attr === 'height' || attr === 'colspan' || attr === 'rowspan') {
      if (!/^\d{1,4}$/.test(value.trim())) continue;
      out.push(`${attr}="${value.trim()}"`);
      continue;
    }
    out.push(`${attr}="${escapeAttr(value.slice(0, 500))}"`);
  }
  if (name === 'a' && external) out.push('target="_blank"', 'rel="noopener noreferrer nofollow"');
  if (name === 'img') {
    if (!out.some((a) => a.startsWith('src='))) return '\u0000drop';
    out.push('loading="lazy"');
  }
  return out.length ? ` ${out.join(' ')}` : '';
}

/**
 * Sanitises rich text to the allow-list. Idempotent: sanitize(sanitize(x)) === sanitize(x).
 * Unclosed allowed elements are closed at the end; stray end tags are dropped.
 */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  for (const token of tokenize(html)) {
    if (token.kind === 'text') {
      out.push(escapeText(token.text));
      continue;
    }
    const { name } = token;
    if (!(name in ALLOWED_TAGS)) continue;
    if (token.kind === 'start') {
      const attrs = cleanAttrs(name, token.attrs);
      if (attrs === '\u0000drop') continue;
      out.push(`<${name}${attrs}>`);
      if (!VOID_TAGS.has(name)) open.push(name);
      continue;
    }
    if (VOID_TAGS.has(name)) continue;
    const at = open.lastIndexOf(name);
    if (at === -1) continue;
    // Close everything opened after it, then it.
    while (open.length > at) out.push(`</${open.pop()!}>`);
  }
  while (open.length) out.push(`</${open.pop()!}>`);
  return out.join('');
}
