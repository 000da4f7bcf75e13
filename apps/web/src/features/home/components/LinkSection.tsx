/**
 * Partner and media sections (site settings `partners` / `media`): logo or name. An entry with a
 * web address is a bordered tile that opens it in a new tab (marked with an arrow); one without is
 * plain, unbordered text, so nothing looks tappable that does nothing.
 */
import { useTranslation } from 'react-i18next';
import type { SiteLink } from '@bourse/contract';
import { isHttpUrl } from '../api/site';

function Chip({ link }: { link: SiteLink }) {
  const content = link.logo ? (
    <img src={link.logo} alt={link.name} loading="lazy" />
  ) : (
    <span>{link.name}</span>
  );
  if (link.url && isHttpUrl(link.url)) {
    return (
      <a
        className="link-chip"
        href={link.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        title={link.name}
        data-testid="link-tile"
      >
        {content}
        <span className="link-chip-out" aria-hidden="true">
          ↗
        </span>
      </a>
    );
  }
  return (
    <span className="link-name" title={link.name} data-testid="link-name">
      {content}
    </span>
  );
}

export function LinkSection({ title, links, testId }: { title: string; links: SiteLink[]; testId: string }) {
  if (links.length === 0) return null;
  return (
    <section className="section" data-testid={testId}>
      <h2 className="section-title">{title}</h2>
      <div className="link-grid">
        {links.map((l, i) => (
          <Chip key={`${l.name}-${i}`} link={l} />
        ))}
      </div>
    </section>
  );
}

export function PartnersAndMedia({ partners, media }: { partners: SiteLink[]; media: SiteLink[] }) {
  const { t } = useTranslation();
  return (
    <>
      <LinkSection title={t('home.partners')} links={partners} testId="partners" />
      <LinkSection title={t('home.media')} links={media} testId="media" />
    </>
  );
}
