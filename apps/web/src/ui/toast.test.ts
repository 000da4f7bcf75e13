/** The lazily loaded Toast: calls keep their order, a handle closed before the module arrives never shows. */
import { describe, expect, it, vi } from 'vitest';

const { show, close } = vi.hoisted(() => {
  const close = vi.fn();
  return { close, show: vi.fn(() => ({ close })) };
});
vi.mock('antd-mobile/es/components/toast', () => ({ default: { show } }));

import { loadToast, showToast } from './toast';

describe('showToast', () => {
  it('shows in call order once loaded, and skips a toast closed before that', async () => {
    showToast({ content: 'a' });
    const early = showToast({ content: 'b' });
    early.close();
    const late = showToast('c');
    expect(show).not.toHaveBeenCalled();
    await loadToast();
    await Promise.resolve();
    expect(show.mock.calls).toEqual([[{ content: 'a' }], ['c']]);
    late.close();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
