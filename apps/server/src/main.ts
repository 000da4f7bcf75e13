import { loadConfig } from './config';
import { startServer } from './server';

/** Entry point: `npm start`. Graceful shutdown on SIGINT/SIGTERM (in-flight requests finish). */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const log = server.app.log;
  log.info(
    { url: `http://localhost:${config.port}`, database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}`, demo: config.demoData },
    'Bourse is running',
  );
  if (server.generatedAdminPassword) {
    // Printed once, at first start only; it is stored hashed.
    process.stdout.write(
      `\n  Operator console: http://localhost:${config.port}/admin/\n  username: admin\n  password: ${server.generatedAdminPassword}\n  (shown once; set ADMIN_PASSWORD to choose it)\n\n`,
    );
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('Bourse failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
