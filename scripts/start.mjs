// `npm start`: builds the web app and console when their build is missing or older than their
// sources, then runs the server (embedded database under ./data unless DATABASE_URL is set).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function needsBuild(app) {
  const index = join(root, 'apps', app, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  // The web build also holds the server's render of Home (dist/ssr, apps/web/src/ssr).
  if (app === 'web' && !existsSync(join(root, 'apps', 'web', 'dist', 'ssr', 'entry.js'))) return true;
  const built = statSync(index).mtimeMs;
  const sources = Math.max(newestMtime(join(root, 'apps', app)), newestMtime(join(root, 'packages')));
  return sources > built;
}

for (const app of ['web', 'admin']) {
  if (needsBuild(app)) {
    console.log(`Building apps/${app} …`);
    const r = spawnSync('npm', ['run', 'build', '-w', `@bourse/${app}`], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

// A larger young generation than Node's default (16 MB semi-spaces): under order flow the
// short-lived objects of a request (parsing, validation, the reply) outlive a default scavenge
// cycle, get promoted and are collected again by full collections; with 32 MB semi-spaces
// garbage collection fell from ≈ 11 % to ≈ 3 % of the server's CPU profile in the spot benchmark
// (docs/benchmarks-history.md, seventh session). Keep in step with SERVER_NODE_FLAGS in bench/spot-http.ts.
const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
