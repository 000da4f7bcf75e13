import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');

export interface E2EServer {
  baseUrl: string;
  adminPassword: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/**
 * A fresh platform in its own process (embedded database in a temporary folder, demo data on),
 * serving the built web app and console, on a free port. Needs `npm run build` first.
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  // WEB_DIST / ADMIN_DIST (passed through to the server) point at builds made elsewhere.
  const webDist = resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist');
  const adminDist = resolve(ROOT, process.env.ADMIN_DIST ?? 'apps/admin/dist');
  if (!existsSync(join(webDist, 'index.html')) || !existsSync(join(adminDist, 'index.html'))) {
    throw new Error('the web apps are not built: run `npm run build` first');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bourse-e2e-'));
  const adminPassword = randomBytes(12).toString('base64url');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'on',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      // A short chart history keeps each test server's start-up cheap.
      MARKET_BACKFILL_DAYS: '1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy within 150 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    adminPassword,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
