export * from './host.js';
export * from './events.js';
