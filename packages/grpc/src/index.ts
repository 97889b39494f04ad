export * from './errors.js';
export * from './server.js';
export * from './client.js';
export * from './allow-list.js';
export * from './identity.js';
export { Metadata as GrpcMetadata, status as grpcStatus } from '@grpc/grpc-js';
