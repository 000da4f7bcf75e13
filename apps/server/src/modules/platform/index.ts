export { platformRoutes } from './routes';
export { platformAdminRoutes } from './admin-routes';
export { ensurePlatformDefaults, setSettingIfMissing, siteConfig } from './service';
export { refreshFiatRates } from './fiat';
