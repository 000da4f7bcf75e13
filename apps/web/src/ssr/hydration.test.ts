import { describe, expect, it } from 'vitest';
import { canHydrate, isHomeHash, type ClientState } from './hydration';

const visitor: ClientState = { hash: '', lang: 'en', token: null, defaultFiat: true };

describe('hydrating the server-rendered home screen', () => {
  it('recognises the home route', () => {
    for (const hash of ['', '#', '#/', '#/?from=ad', '#/pages/index/index', '#pages/index/index/']) {
      expect(isHomeHash(hash), hash).toBe(true);
    }
    for (const hash of ['#/pages/quotation/index', '#/pages/common/login', '#/x', '#/pages/index/index/more']) {
      expect(isHomeHash(hash), hash).toBe(false);
    }
  });

  it('hydrates a visitor on Home in the rendered language', () => {
    expect(canHydrate('en', visitor)).toBe(true);
    expect(canHydrate('zh', { ...visitor, lang: 'zh', hash: '#/' })).toBe(true);
  });

  it('renders afresh when the server did not render, or rendered something else', () => {
    expect(canHydrate(undefined, visitor)).toBe(false);
    expect(canHydrate('en', { ...visitor, lang: 'zh' })).toBe(false);
    expect(canHydrate('en', { ...visitor, token: 'abc' })).toBe(false);
    expect(canHydrate('en', { ...visitor, defaultFiat: false })).toBe(false);
    expect(canHydrate('en', { ...visitor, hash: '#/pages/quotation/index' })).toBe(false);
  });
});
