/**
 * The client build's React as ES modules (react-esm.ts): the conversion keeps every export of the
 * CommonJS file with the same value, turns requires into imports, and refuses CommonJS it does not
 * handle rather than emit something that would break at run time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cjsToEsm } from '../react-esm';

const require = createRequire(import.meta.url);
const importText = (code: string) => import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

describe('cjsToEsm', () => {
  it('turns requires into imports and exports.name into named and default exports', async () => {
    const out = cjsToEsm('"use strict";\nvar s = require("scheduler"), t = require("scheduler");\nexports.a = 1;\nexports.f = function () { return s === t; };', 'toy.js');
    expect(out).toContain('import __require_0 from "scheduler";');
    expect(out.match(/import /g)).toHaveLength(1);
    const esm = (await importText(out.replace('import __require_0 from "scheduler";', 'const __require_0 = {};'))) as { a: number; f: () => boolean; default: unknown };
    expect(esm.a).toBe(1);
    expect(esm.f()).toBe(true);
    expect(esm.default).toEqual({ a: 1, f: esm.f });
  });

  it("converts React's production file to a module with the same exports that works", async () => {
    const file = join(dirname(require.resolve('react/package.json')), 'cjs/react.production.js');
    const cjs = require(file) as Record<string, unknown>;
    const esm = (await importText(cjsToEsm(readFileSync(file, 'utf8'), file))) as Record<string, unknown> & { createElement: (t: string) => { type: string } };
    expect(Object.keys(esm).filter((k) => k !== 'default').sort()).toEqual(Object.keys(cjs).sort());
    expect(esm.version).toBe(cjs.version);
    expect(esm.createElement('div').type).toBe('div');
  });

  it('refuses CommonJS it does not handle', () => {
    expect(() => cjsToEsm('module.exports = {};', 'm.js')).toThrow(/does not handle/);
    expect(() => cjsToEsm('var x = require(name);', 'r.js')).toThrow(/does not handle/);
    expect(() => cjsToEsm('var a = 1;', 'none.js')).toThrow(/assigns no exports/);
    expect(() => cjsToEsm('exports.a = 1; var e = exports;', 'e.js')).toThrow(/other than/);
  });
});
