/**
 * A manual deposit's payment proof in the records. The stored file is private (served only to
 * its owner and operators, with the session token), so it is fetched with the Authorization
 * header and shown through an object URL; a tap opens it full screen.
 */
import { ImageViewer } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../api/session';

export function ProofImage({ src }: { src: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let created: string | null = null;
    const token = getToken();
    fetch(src, { headers: token ? { Authorization: token } : {} })
      .then((r) => (r.ok && (r.headers.get('content-type') ?? '').startsWith('image/') ? r.blob() : null))
      .then((blob) => {
        if (cancelled) return;
        if (!blob) return setFailed(true);
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [src]);
  if (failed) return <span className="proof-thumb proof-missing">{t('assets.proofUnavailable')}</span>;
  if (!url) return <span className="proof-thumb proof-loading" aria-busy="true" />;
  return (
    <button
      type="button"
      className="proof-thumb"
      onClick={() => ImageViewer.show({ image: url })}
      aria-label={t('assets.proof')}
    >
      <img src={url} alt={t('assets.proof')} data-testid="deposit-proof" />
    </button>
  );
}
