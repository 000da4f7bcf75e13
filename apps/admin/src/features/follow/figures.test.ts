import { describe, expect, it } from 'vitest';
import { COPY_SKIP_REASONS, MAX_SHARE_RATE as CONTRACT_MAX } from '@bourse/contract';
import { MAX_SHARE_RATE, SKIP_REASONS, formatShare, shareRateProblem, skipReasonText } from './figures';

describe('copy-trading console helpers', () => {
  it('accepts share rates the contract accepts, up to 0.3', () => {
    for (const ok of ['0', '0.1', '0.05', '0.3', '0.3000', '0.1234', ' 0.2 ']) {
      expect(shareRateProblem(ok), ok).toBeNull();
    }
  });

  it('refuses empty, malformed, over-precise and over-cap rates', () => {
    expect(shareRateProblem('')).toMatch(/Enter/);
    expect(shareRateProblem(undefined)).toMatch(/Enter/);
    for (const bad of ['10', '1', '.1', '0.12345', '-0.1', '0,1', '1e-1', '10 %']) {
      expect(shareRateProblem(bad), bad).toMatch(/fraction/);
    }
    expect(shareRateProblem('0.3001')).toMatch(/At most 0.3 \(30 %\)/);
    expect(shareRateProblem('0.5')).toMatch(/At most/);
  });

  it("caps at the contract's maximum", () => {
    expect(MAX_SHARE_RATE).toBe(CONTRACT_MAX);
  });

  it('shows a rate as an exact percentage', () => {
    expect(formatShare('0.1')).toBe('10 %');
    expect(formatShare('0.1234')).toBe('12.34 %');
    expect(formatShare('0')).toBe('0 %');
    expect(formatShare(null)).toBe('—');
    expect(formatShare('n/a')).toBe('n/a');
  });

  it('names every skip reason of the contract', () => {
    for (const r of COPY_SKIP_REASONS) expect(SKIP_REASONS[r]).toBeTruthy();
    expect(skipReasonText(null)).toBe('—');
    expect(skipReasonText('something_new')).toBe('something_new');
  });
});
