export * from './errors.js';
export * from './logger.js';
export * from './clock.js';
export * from './config.js';
export * from './lifecycle.js';
export * from './metrics.js';
export * from './ops-http.js';
export * from './ids.js';
