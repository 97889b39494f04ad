import { runUntilSignal } from '@cred/runtime';
import { loadConfig } from './config.js';
import { createAccountsService } from './service.js';

const service = createAccountsService(loadConfig(process.env));
await runUntilSignal(service, service.host.logger);
