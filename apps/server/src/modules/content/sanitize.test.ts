import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeEntities, safeUrl, sanitizeHtml, toPlainText, tokenize } from './sanitize';

const ALLOWED = new Set([
  'p',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'del',
  'sub',
  'sup',
  'small',
  'mark',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'code',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'a',
  'img',
]);
const ALLOWED_ATTRS = new Set([
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
  'target',
  'rel',
  'loading',
]);

/** Every tag and attribute of the output is on the allow-list and every URL is safe. */
function assertInert(output: string) {
  expect(output).not.toMatch(
    /<\s*\/?\s*(script|style|iframe|object|embed|svg|math|template|base|meta|link|form|input|button)/i,
  );
  for (const token of tokenize(output)) {
    if (token.kind === 'text') continue;
    expect(ALLOWED.has(token.name), `tag ${token.name} in ${output}`).toBe(true);
    if (token.kind !== 'start') continue;
    for (const [name, value] of token.attrs) {
      expect(ALLOWED_ATTRS.has(name), `attr ${name} in ${output}`).toBe(true);
      expect(name.startsWith('on')).toBe(false);
      if (name === 'href' || name === 'src') {
        expect(safeUrl(value, 'link'), `url ${value}`).not.toBeNull();
        expect(value.toLowerCase().replace(/\s/g, '')).not.toMatch(/^(javascript|vbscript|data|livescript):/);
      }
    }
  }
  // Stable: sanitising the output again changes nothing.
  expect(sanitizeHtml(output)).toBe(output);
}

// Classic stored-XSS vectors (OWASP filter-evasion cheat sheet and friends).
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<script/src="x"></script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="&#x6a;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<a href="\\\\evil.example">x</a>',
  '<a href="javascript:alert(1)//http://ok">x</a>',
  '<a href=x onmouseover=alert(1)>x</a>',
  '<a href="x" style="background:url(javascript:alert(1))">x</a>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<body onload=alert(1)>',
  '<BODY BACKGROUND="javascript:alert(\'XSS\')">',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="width: expression(alert(1))">x</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<!--<script>alert(1)</script>-->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<?xml version="1.0"?><script>alert(1)</script>',
  '<p title="</p><script>alert(1)</script>">x</p>',
  "<p title='\"><script>alert(1)</script>'>x</p>",
  '<a title="a" href="https://ok.example"onclick="alert(1)">x</a>',
  '<img/src="x"/onerror="alert(1)">',
  '<img src="x"/onerror=alert(1)//>',
  '<img\nsrc=x\nonerror=alert(1)>',
  '<img src=x onerror\u000b=alert(1)>',
  '<p =onclick=alert(1)>x</p>',
  '<textarea><script>alert(1)</script></textarea>',
  '<title><script>alert(1)</script></title>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<plaintext><script>alert(1)',
  '<script>alert(1)',
  '<script >alert(1)</script >',
  '<script>alert(1)</script\t>',
  '<script>/*</script*/alert(1)</script>',
  '<scRipt>alert(1)</sCRIPT>',
  '"><img src=x onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<a href="https://ok.example/?q=<script>">ok</a>',
  '<img src="https://ok.example/a.png" onload="alert(1)" alt="<script>">',
  '<table background="javascript:alert(1)"><tr><td onclick="alert(1)">x</td></tr></table>',
  '<a href="java&#0000115;cript:alert(1)">x</a>',
  '<a href="jav&NewLine;ascript:alert(1)">x</a>',
  '<a href="jav&Tab;ascript:alert(1)">x</a>',
  '<a href="&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)">x</a>',
  '<img src="\u200bjavascript:alert(1)">',
  '<a href="javascript\u0000:alert(1)">x</a>',
  '<a href="%6Aavascript:alert(1)">x</a>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<div onpointerenter=alert(1)>x</div>',
  '<span class="x" id="y" data-x="1" onclick=alert(1)>x</span>',
];

describe('sanitizeHtml: stored-XSS payloads come out inert', () => {
  for (const payload of PAYLOADS) {
    it(payload.slice(0, 70), () => {
      assertInert(sanitizeHtml(payload));
    });
  }

  it('removes scripts, handlers and dangerous URLs and keeps the text', () => {
    expect(sanitizeHtml('<p>Hi<script>alert(1)</script> there</p>')).toBe('<p>Hi there</p>');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('<img src="x" loading="lazy">');
    expect(sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
    expect(sanitizeHtml('<a href="&#x6a;avascript:alert(1)">click</a>')).toBe('<a>click</a>');
    expect(sanitizeHtml('<IMG SRC="javascript:alert(1)">')).toBe('');
    expect(sanitizeHtml('<svg/onload=alert(1)>after')).toBe('');
    expect(sanitizeHtml('<svg><g/></svg>after')).toBe('after');
    expect(sanitizeHtml('<a title="</a><script>alert(1)</script>">x</a>')).toBe(
      '<a title="&lt;/a&gt;&lt;script&gt;alert(1)&lt;/script&gt;">x</a>',
    );
    expect(sanitizeHtml('"><img src=x onerror=alert(1)>')).toBe('"&gt;<img src="x" loading="lazy">');
    expect(sanitizeHtml('<<script>script>alert(1)<</script>/script>')).toBe('&lt;/script&gt;');
  });

  it('keeps allowed formatting, safe links and images', () => {
    expect(sanitizeHtml('<h2>Title</h2><p><b>bold</b> <em>it</em></p><ul><li>a</li><li>b</li></ul>')).toBe(
      '<h2>Title</h2><p><b>bold</b> <em>it</em></p><ul><li>a</li><li>b</li></ul>',
    );
    expect(sanitizeHtml('<a href="https://example.com/x?a=1&amp;b=2" title="T">x</a>')).toBe(
      '<a href="https://example.com/x?a=1&amp;b=2" title="T" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeHtml('<a href="/pages/common/article?id=3">in app</a>')).toBe(
      '<a href="/pages/common/article?id=3">in app</a>',
    );
    expect(sanitizeHtml('<a href="mailto:help@example.com">mail</a>')).toBe(
      '<a href="mailto:help@example.com">mail</a>',
    );
    expect(sanitizeHtml('<img src="/uploads/a.png" alt="A" width="300" height="abc">')).toBe(
      '<img src="/uploads/a.png" alt="A" width="300" loading="lazy">',
    );
    expect(sanitizeHtml('<table><tr><td colspan="2" style="x">1</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">1</td></tr></table>',
    );
  });

  it('balances tags: closes what is open, drops stray end tags', () => {
    expect(sanitizeHtml('<p><b>x')).toBe('<p><b>x</b></p>');
    expect(sanitizeHtml('</div>x</p>')).toBe('x');
    expect(sanitizeHtml('<p><b>x</p>y')).toBe('<p><b>x</b></p>y');
    expect(sanitizeHtml('a<br>b<br/>c<hr>')).toBe('a<br>b<br>c<hr>');
  });

  it('escapes text and normalises entities', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeHtml('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(sanitizeHtml('&copy; 2026 &unknown;')).toBe('© 2026 &amp;unknown;');
    expect(sanitizeHtml('中文 <b>粗体</b>')).toBe('中文 <b>粗体</b>');
  });

  it('is idempotent and never leaks a tag outside the allow-list on random input', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      '\t',
      '\n',
      '&',
      '#',
      ';',
      'x',
      ':',
      '!',
      '-',
      '`',
      'script',
      'img',
      'a',
      'p',
      'svg',
      'style',
      'iframe',
      'on',
      'onerror',
      'href',
      'src',
      'javascript',
      '&#106;',
      '&#x3A;',
      '&colon;',
      '<!--',
      '-->',
      '<!',
      '<?',
      '</',
      'alert(1)',
      'data:',
      'https://e.x/',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
        assertInert(sanitizeHtml(parts.join('')));
      }),
      { numRuns: 3000, seed: 20261122 },
    );
  });
});

describe('helpers', () => {
  it('decodes numeric and named references like a browser', () => {
    expect(decodeEntities('&#106;&#x61;&#X76;&#97 &amp;&lt;&colon;&bogus;')).toBe('java &<:&bogus;');
    expect(decodeEntities('&#0;&#xD800;')).toBe('\ufffd\ufffd');
  });

  it('accepts only http(s), mailto and relative URLs', () => {
    expect(safeUrl('https://a.example/x', 'link')).toBe('https://a.example/x');
    expect(safeUrl('/pages/x', 'image')).toBe('/pages/x');
    expect(safeUrl('img/a.png', 'image')).toBe('img/a.png');
    expect(safeUrl('mailto:a@b.c', 'image')).toBeNull();
    expect(safeUrl('https:', 'link')).toBeNull();
    expect(safeUrl('ftp://x', 'link')).toBeNull();
    expect(safeUrl('a:b/c', 'link')).toBeNull();
  });

  it('extracts plain text', () => {
    expect(toPlainText('<p>Hello <b>world</b></p><script>x</script><p>again &amp; more</p>')).toBe(
      'Hello world again & more',
    );
  });
});
