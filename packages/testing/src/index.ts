export * from './isolation.js';
export * from './wait.js';
