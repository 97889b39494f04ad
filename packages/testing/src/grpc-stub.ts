import { startGrpcServer, type GrpcServiceBinding } from '@cred/grpc';
import { createLogger } from '@cred/runtime';

/** A handler of one RPC: the request as the generated types give it, the response, or a thrown AppError. */
type StubHandler = (request: any) => Promise<unknown>;

export interface GrpcStub {
  /** `127.0.0.1:<port>`, for the service's `<X>_GRPC_ADDR`. */
  address: string;
  close(): Promise<void>;
}

/**
 * Another service stood in for on a free local port, answering only the RPCs the service under
 * test calls (`handlers`, by RPC name); its name is read from the generated definition
 * (`loadProtos().<service>.<Service>.service`), and it reports itself serving.
 */
export async function startGrpcStub(
  definition: GrpcServiceBinding['definition'],
  handlers: Record<string, StubHandler>,
): Promise<GrpcStub> {
  const rpcs = Object.keys(handlers);
  const missing = rpcs.filter((rpc) => !definition[rpc]);
  if (missing.length > 0) throw new Error(`not RPCs of this service: ${missing.join(', ')}`);
  const name = definition[rpcs[0]!]!.path.split('/')[1]!;
  const server = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    // A stand-in answers whoever calls: the service under test's identity is checked by the real server.
    callers: 'unchecked',
    logger: createLogger({ service: `${name}-stub`, level: 'silent' }),
    services: [{ name, definition: Object.fromEntries(rpcs.map((rpc) => [rpc, definition[rpc]!])), implementation: handlers }],
  });
  server.setServing(true);
  return { address: `127.0.0.1:${server.port}`, close: () => server.stop(1000) };
}
