import { runUntilSignal } from '@cred/runtime';
import { loadConfig } from './config.js';
import { createIssuanceService } from './service.js';

const service = createIssuanceService(loadConfig(process.env));
await runUntilSignal(service, service.host.logger);
