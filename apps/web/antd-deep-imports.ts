/**
 * Vite plugin: rewrites `import { Button, Toast } from 'antd-mobile'` into imports of the
 * components' own modules (`antd-mobile/es/components/button`, …), read from the library's own
 * barrel file. Through the barrel, every component is a dependency of the first screen's chunk,
 * so code splitting cannot keep the components only later pages use (forms, pickers, tabs …) out
 * of the initial download (issue 9: home LCP on a phone network). Same modules, same code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** export name → [module path under antd-mobile/es, imported name ('default' or a name)]. */
function barrelMap(): Map<string, [string, string]> {
  const es = join(dirname(require.resolve('antd-mobile/package.json')), 'es');
  const source = readFileSync(join(es, 'index.js'), 'utf8');
  const map = new Map<string, [string, string]>();
  for (const m of source.matchAll(/export\s*\{([^}]+)\}\s*from\s*'\.\/([^']+)'/g)) {
    for (const spec of m[1]!.split(',')) {
      const [imported, exported] = spec.trim().split(/\s+as\s+/);
      if (!imported) continue;
      map.set((exported ?? imported).trim(), [`antd-mobile/es/${m[2]}`, imported.trim()]);
    }
  }
  return map;
}

export function antdDeepImports(): Plugin {
  let map: Map<string, [string, string]> | null = null;
  return {
    name: 'bourse:antd-deep-imports',
    enforce: 'post',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id.split('?')[0]!)) return null;
      if (!code.includes('antd-mobile')) return null;
      map ??= barrelMap();
      const known = map;
      let changed = false;
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*["']antd-mobile["'];?/g, (whole, specs: string) => {
        const lines: string[] = ['import "antd-mobile/es/global";'];
        for (const spec of specs.split(',')) {
          const s = spec.trim();
          if (!s) continue;
          const [name, local] = s.split(/\s+as\s+/).map((x) => x.trim());
          const target = known.get(name!);
          if (!target) return whole; // unknown export: leave the import as it was
          const [path, imported] = target;
          lines.push(
            imported === 'default'
              ? `import ${local ?? name} from "${path}";`
              : `import { ${imported} as ${local ?? name} } from "${path}";`,
          );
        }
        changed = true;
        return lines.join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
