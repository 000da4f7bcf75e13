import { useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What a page that moves the user's funds (transfer, exchange, withdrawal) does around its request:
 * `confirm` asks in a dialog whose body carries `testId`; `send` runs the request with `busy` set,
 * and on success shows `success`, lets the page `reset` its form and refetches the balances. A
 * failure is already shown by the API client (insufficient balance, expired quote, code …).
 */
export function useFundAction() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);

  const confirm = (title: string, testId: string, body: ReactNode): Promise<boolean> =>
    Dialog.confirm({
      title,
      content: <div data-testid={testId}>{body}</div>,
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });

  const send = async (request: () => Promise<unknown>, success: string, reset: () => void) => {
    setBusy(true);
    try {
      await request();
      Toast.show({ icon: 'success', content: success });
      reset();
      await Promise.all([
        qc.invalidateQueries({ queryKey: ['wallet-list'] }),
        qc.invalidateQueries({ queryKey: ['assets'] }),
      ]);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return { busy, confirm, send };
}
