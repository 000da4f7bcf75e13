import { useEffect, useState } from 'react';
import { Image, Skeleton, Typography } from 'antd';
import { fetchUpload } from '../../api/identity';

/** A private upload (ID photo) loaded with the operator token; click to zoom. */
export function UploadImage({ src, alt, width = 180 }: { src: string; alt: string; width?: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let created: string | null = null;
    let cancelled = false;
    fetchUpload(src)
      .then((u) => {
        if (cancelled) {
          if (u) URL.revokeObjectURL(u);
          return;
        }
        created = u;
        if (u) setUrl(u);
        else setFailed(true);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [src]);
  if (failed) return <Typography.Text type="secondary">Photo unavailable</Typography.Text>;
  if (!url) return <Skeleton.Image active style={{ width, height: (width * 2) / 3 }} />;
  return <Image src={url} alt={alt} width={width} style={{ objectFit: 'cover', borderRadius: 6 }} />;
}
