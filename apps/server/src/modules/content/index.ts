export { contentRoutes } from './routes';
export { contentAdminRoutes } from './admin-routes';
export { ensureContentDefaults, listNews } from './service';
export { sendMessage } from './messages';
export { seedDemoContent } from './demo';
export { sanitizeHtml, toPlainText, safeUrl } from './sanitize';
