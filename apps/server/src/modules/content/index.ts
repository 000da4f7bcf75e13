export { contentRoutes } from './routes';
export { contentAdminRoutes } from './admin-routes';
export { ensureContentDefaults, listNews, sendMessage } from './service';
export { seedDemoContent } from './demo';
export { sanitizeHtml, toPlainText, safeUrl } from './sanitize';
