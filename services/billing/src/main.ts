import { runUntilSignal } from '@cred/runtime';
import { loadConfig } from './config.js';
import { createBillingService } from './service.js';

const service = createBillingService(loadConfig(process.env));
await runUntilSignal(service, service.host.logger);
