import { runUntilSignal } from '@cred/runtime';
import { loadConfig } from './config.js';
import { createGatewayService } from './service.js';

const service = createGatewayService(loadConfig(process.env));
await runUntilSignal(service, service.host.logger);
