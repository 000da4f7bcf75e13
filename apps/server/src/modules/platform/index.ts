export { platformRoutes } from './routes';
export { ensurePlatformDefaults } from './service';
export { refreshFiatRates } from './fiat';
