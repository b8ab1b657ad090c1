import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may (and probes for that with
 * `Function('')`); the app's Content-Security-Policy allows no eval, so every load would report a
 * violation. The choice is made when a schema is built: main.tsx imports this module first,
 * before the shared schemas exist.
 */
config({ jitless: true });
