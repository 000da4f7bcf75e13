/** List pages: announcements, articles (news), official events, knowledge. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/PageHeader';
import { ContentList } from '../components/ContentList';
import { LIST_CATEGORIES } from '../paths';
import '../content.css';

export type ListKind = keyof typeof LIST_CATEGORIES;

export function ContentListView({ which }: { which: ListKind }) {
  const { t } = useTranslation();
  return (
    <div className="page content-page" data-testid={`page-content-${which}`}>
      <PageHeader title={t(`content.titles.${which}`)} />
      <ContentList cId={LIST_CATEGORIES[which]} />
    </div>
  );
}

export default ContentListView;
