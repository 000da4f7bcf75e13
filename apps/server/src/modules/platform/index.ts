export { platformRoutes } from './routes';
export { platformAdminRoutes } from './admin-routes';
export { ensurePlatformDefaults, setSettingIfMissing } from './service';
export { refreshFiatRates } from './fiat';
