/** Home shortcuts from GET /api/menu: internal routes navigate, external links open a new tab. */
import { Grid, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { CoinIcon } from '../../../ui/CoinIcon';
import { QueryError } from '../../../ui/QueryError';
import { useMenu, type MenuItem } from '../../platform/api/menu';

const PALETTE = ['#3461ff', '#0ecb81', '#f0a020', '#8a5cf6', '#ff6b6b', '#14b8c4'];

function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function looksLikeImage(icon: string): boolean {
  return /^(https?:\/\/|\/|data:image\/)/i.test(icon);
}

export function ShortcutGrid() {
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useMenu();
  if (isPending) return <Skeleton.Paragraph lineCount={2} animated className="list-skeleton" />;
  if (isError) return <QueryError compact onRetry={() => void refetch()} />;
  if (data.length === 0) return null;

  const open = (item: MenuItem) => {
    if (!item.url) return;
    if (isExternal(item.url)) window.open(item.url, '_blank', 'noopener,noreferrer');
    else void navigate(item.url.startsWith('/') ? item.url : `/${item.url}`);
  };

  return (
    <Grid columns={4} gap={8} className="shortcut-grid" data-testid="shortcuts">
      {data.map((item, i) => (
        <Grid.Item key={item.id} onClick={() => open(item)}>
          <button type="button" className="shortcut" data-testid={`shortcut-${item.key}`}>
            <CoinIcon
              name={item.name}
              image={looksLikeImage(item.icon) ? item.icon : null}
              color={PALETTE[i % PALETTE.length]}
              size={0.72}
            />
            <span className="shortcut-name">{item.name}</span>
          </button>
        </Grid.Item>
      ))}
    </Grid>
  );
}
