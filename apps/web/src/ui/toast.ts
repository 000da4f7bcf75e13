/**
 * antd-mobile's Toast, loaded on first use. Toast brings Mask and react-spring (≈ 45 KB before
 * compression) that nothing on the first screen shows until a call is slow or fails; out of the
 * entry chunk, the first screen evaluates less (issue 9: TBT) and stays in its size budget.
 * `showToast` returns at once; the toast appears when the module has loaded (the first toast of a
 * visit waits for one small chunk, ≈ 3 KB), and a handle closed before that never shows. Calls
 * keep their order: they all wait on the same import.
 */
import type { ToastShowProps } from 'antd-mobile/es/components/toast';

type ToastApi = (typeof import('antd-mobile/es/components/toast'))['default'];

let module: Promise<ToastApi> | null = null;

export function loadToast(): Promise<ToastApi> {
  module ??= import('antd-mobile/es/components/toast').then((m) => m.default);
  // A failed load (network) is tried again on the next call.
  module.catch(() => {
    module = null;
  });
  return module;
}

export interface ToastHandle {
  close(): void;
}

export function showToast(props: ToastShowProps | string): ToastHandle {
  let closed = false;
  let shown: { close(): void } | null = null;
  loadToast().then(
    (Toast) => {
      if (!closed) shown = Toast.show(props);
    },
    (err: unknown) => console.warn('[toast] could not load', err),
  );
  return {
    close() {
      closed = true;
      shown?.close();
    },
  };
}
