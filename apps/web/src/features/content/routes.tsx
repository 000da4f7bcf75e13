/** Routes of the content and message pages (mounted in the plain layout by app/routes.tsx). */
import { Route } from 'react-router';
import { lazyPage } from '../../app/lazyPage';
import { CONTENT_PATHS } from './paths';

const ContentListPage = lazyPage(() => import('./pages/ContentListPage'));
const ArticlePage = lazyPage(() => import('./pages/ArticlePage'));
const SinglePage = lazyPage(() => import('./pages/SinglePage'));
const FaqPage = lazyPage(() => import('./pages/FaqPage'));
const ProfitPage = lazyPage(() => import('./pages/ProfitPage'));
const InboxPage = lazyPage(() => import('../messages/pages/InboxPage'));

export const contentRoutes = [
  <Route
    key="announcement"
    path={CONTENT_PATHS.announcement}
    element={<ContentListPage which="announcement" />}
  />,
  <Route key="article" path={CONTENT_PATHS.article} element={<ArticlePage />} />,
  <Route key="events" path={CONTENT_PATHS.events} element={<ContentListPage which="events" />} />,
  <Route key="knowledge" path={CONTENT_PATHS.knowledge} element={<ContentListPage which="knowledge" />} />,
  <Route key="faq" path={CONTENT_PATHS.faq} element={<FaqPage />} />,
  <Route key="about" path={CONTENT_PATHS.about} element={<SinglePage which="about" />} />,
  <Route key="profit" path={CONTENT_PATHS.profit} element={<ProfitPage />} />,
  <Route key="whitepaper" path={CONTENT_PATHS.whitepaper} element={<SinglePage which="whitepaper" />} />,
  <Route key="terms" path={CONTENT_PATHS.terms} element={<SinglePage which="terms" />} />,
  <Route key="privacy" path={CONTENT_PATHS.privacy} element={<SinglePage which="privacy" />} />,
  <Route key="contact" path={CONTENT_PATHS.contact} element={<SinglePage which="contact" />} />,
  <Route key="messages" path={CONTENT_PATHS.messages} element={<InboxPage />} />,
];
