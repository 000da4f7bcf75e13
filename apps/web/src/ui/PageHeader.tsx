/** The header of a non-tab page: back arrow, centred title, optional right content. */
import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface Props {
  title: ReactNode;
  right?: ReactNode;
  /** Where back goes when there is no history entry to return to (default Home). */
  fallback?: string;
  back?: boolean;
}

export function PageHeader({ title, right, fallback = '/pages/index/index', back = true }: Props) {
  const navigate = useNavigate();
  const onBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
  return (
    <NavBar className="page-header" back={back ? '' : null} onBack={back ? onBack : undefined} right={right}>
      {title}
    </NavBar>
  );
}
