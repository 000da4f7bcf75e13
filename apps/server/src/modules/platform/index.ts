export { platformRoutes } from './routes';
export { platformAdminRoutes } from './admin-routes';
export { ensurePlatformDefaults, menu, setSettingIfMissing, siteConfig } from './service';
export { fiatRates, refreshFiatRates } from './fiat';
export { getSetting, putSetting } from './settings';
