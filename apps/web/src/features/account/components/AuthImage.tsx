import { useEffect, useState } from 'react';
import { getToken } from '../../../api/session';

/** An image from the upload store: private files are fetched with the session token. */
export function AuthImage({ src, alt, className, testId }: { src: string; alt: string; className?: string; testId?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!src) return;
    if (!src.startsWith('/api/file/')) {
      setUrl(src);
      return;
    }
    let revoked = false;
    let objectUrl: string | null = null;
    const headers: Record<string, string> = {};
    const token = getToken();
    if (token) headers.Authorization = token;
    void fetch(src, { headers })
      .then((r) => (r.ok && (r.headers.get('content-type') ?? '').startsWith('image/') ? r.blob() : null))
      .then((b) => {
        if (!b || revoked) return;
        objectUrl = URL.createObjectURL(b);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  if (!url) return <span className={`${className ?? ''} auth-image-empty`} data-testid={testId} />;
  return <img src={url} alt={alt} className={className} data-testid={testId} />;
}
