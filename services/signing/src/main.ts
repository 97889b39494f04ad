import { runUntilSignal } from '@cred/runtime';
import { loadConfig } from './config.js';
import { createSigningService } from './service.js';

const service = createSigningService(loadConfig(process.env));
await runUntilSignal(service, service.host.logger);
