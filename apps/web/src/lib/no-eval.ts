/**
 * Zod compiles object parsers with `new Function` when it may (and probes for that with
 * `Function('')`); the app's Content-Security-Policy allows no eval, so every load would report a
 * violation. The choice is made when a schema is built: main.tsx imports this module first.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there when it
 * loads (zod/v4/core/core.js), so this sets it without importing zod: importing `config` from 'zod'
 * here put all of zod (≈28 KB gzip) on the first screen, which validates nothing (B7).
 * no-eval.test.ts proves the setting still reaches zod.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
