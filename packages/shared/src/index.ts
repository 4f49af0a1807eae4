export * from './enums.js';
export * from './messages.js';
export * from './permissions.js';
export * from './endpoints.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/surveys.js';
export * from './schemas/acknowledgements.js';
