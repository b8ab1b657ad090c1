export * from './analytics.ts';
export * from './auth.ts';
