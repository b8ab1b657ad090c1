export * from './analytics.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './chat.ts';
export * from './documents.ts';
export * from './images.ts';
export * from './usage.ts';
export * from './whatsapp.ts';
