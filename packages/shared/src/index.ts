export * from './analytics/page-view.schema.ts';
export * from './app/constants.ts';
export * from './app/public-config.schema.ts';
export * from './app/routes.ts';
export * from './auth/auth.schema.ts';
export * from './auth/validation-messages.ts';
export * from './chat/tool-settings.ts';
export * from './errors/error-codes.ts';
