import { describe, expect, it } from 'vitest';
import { isProtectedPath, PATHS } from './paths';

describe('isProtectedPath', () => {
  it('protects assets and everything under /pages/fund/', () => {
    expect(isProtectedPath(PATHS.assets)).toBe(true);
    expect(isProtectedPath('/pages/fund/recharge')).toBe(true);
    expect(isProtectedPath('/pages/fund/withdraw/')).toBe(true);
  });

  it('protects settings pages except the language picker', () => {
    expect(isProtectedPath(PATHS.settings)).toBe(true);
    expect(isProtectedPath(PATHS.kyc)).toBe(true);
    expect(isProtectedPath(PATHS.language)).toBe(false);
  });

  it('protects savings records and contract orders', () => {
    expect(isProtectedPath(PATHS.savingsRecord)).toBe(true);
    expect(isProtectedPath(PATHS.contractOrder)).toBe(true);
  });

  it('leaves public pages open', () => {
    for (const p of ['/', PATHS.home, PATHS.quotes, PATHS.trade, PATHS.savings, PATHS.login]) {
      expect(isProtectedPath(p), p).toBe(false);
    }
  });
});
