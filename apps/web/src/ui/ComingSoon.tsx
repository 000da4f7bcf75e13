/** An honest placeholder for a tab whose product ships in a later release. */
import { ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';

export function ComingSoon({ title, description, image }: { title: string; description: string; image?: ReactNode }) {
  return (
    <ErrorBlock
      status="empty"
      image={image}
      title={title}
      description={description}
      className="coming-soon"
      data-testid="coming-soon"
    />
  );
}
