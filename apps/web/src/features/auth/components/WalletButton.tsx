import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserWallet, walletSignIn } from '../wallet';

/** "Connect wallet": only rendered when a browser wallet (window.ethereum) is present. */
export function WalletButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!browserWallet()) return null;
  const onClick = async () => {
    setBusy(true);
    try {
      await walletSignIn();
      Toast.show({ icon: 'success', content: t('auth.success') });
      onDone();
    } catch (err) {
      // A refused signature in the wallet is the user's choice; server refusals were shown already.
      if (!(err instanceof Error && err.name === 'ApiError')) Toast.show({ content: t('identity.walletCancelled') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button block fill="outline" color="primary" size="large" loading={busy} onClick={() => void onClick()} data-testid="wallet-signin">
      {t('identity.connectWallet')}
    </Button>
  );
}
