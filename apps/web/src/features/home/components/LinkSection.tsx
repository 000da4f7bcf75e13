/** Partner and media sections (site settings `partners` / `media`): logo or name chips. */
import { useTranslation } from 'react-i18next';
import { isHttpUrl, type SiteLink } from '../api/site';

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
      >
        {content}
      </a>
    );
  }
  return (
    <span className="link-chip" title={link.name}>
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
