/**
 * Banners (content category 5): a light scroll-snap carousel (no carousel library in the entry
 * chunk) that advances every 4 s, pauses while touched, and keeps its height fixed (no layout shift).
 */
import { CONTENT_CATEGORY, type ContentItem } from '@bourse/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DemoBadge } from '../../../ui/DemoBadge';
import { useNewsHead } from '../../content/api/content';
import { articlePath } from '../../content/paths';
import { isHttpUrl } from '../api/site';

const INTERVAL_MS = 4000;

export function BannerCarousel() {
  const q = useNewsHead(CONTENT_CATEGORY.banner, 6);
  const navigate = useNavigate();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const items = q.data?.list ?? [];

  useEffect(() => {
    if (items.length < 2 || paused) return;
    const id = window.setInterval(() => {
      const el = track.current;
      if (!el) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % items.length;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [items.length, paused]);

  const open = (item: ContentItem) => {
    if (item.link && isHttpUrl(item.link)) window.open(item.link, '_blank', 'noopener,noreferrer');
    else if (item.link.startsWith('/')) void navigate(item.link);
    else void navigate(articlePath(item.id));
  };

  // While loading, or without banners, the slot keeps its size only while loading.
  if (q.isPending) return <div className="banner banner-skeleton" aria-hidden="true" />;
  if (items.length === 0) return null;

  return (
    <div className="banner" data-testid="banners">
      <div
        className="banner-track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
        onTouchStart={() => setPaused(true)}
        onTouchEnd={() => setPaused(false)}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
      >
        {items.map((item, i) => (
          <button
            key={item.id}
            type="button"
            className="banner-slide"
            onClick={() => open(item)}
            data-testid={`banner-${item.id}`}
            aria-label={item.title}
          >
            {item.cover ? (
              <img
                src={item.cover}
                alt=""
                fetchPriority={i === 0 ? 'high' : 'low'}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            ) : null}
            <span className="banner-caption">
              <span className="banner-title">{item.title}</span>
              {item.is_demo && <DemoBadge />}
            </span>
          </button>
        ))}
      </div>
      {items.length > 1 && (
        <div className="banner-dots" aria-hidden="true">
          {items.map((item, i) => (
            <span key={item.id} className={i === index ? 'active' : undefined} />
          ))}
        </div>
      )}
    </div>
  );
}
