export * from './entry.js';
export * from './query.js';
export * from './store.js';
export * from './grpc.js';
export * from './chain.js';
