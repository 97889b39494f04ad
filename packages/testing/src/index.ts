export * from './isolation.js';
export * from './wait.js';
export * from './broker.js';
export * from './redis.js';
export * from './raw-http.js';
export * from './confirmation.js';
export * from './audit.js';
export * from './grpc-stub.js';
