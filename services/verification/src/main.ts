import { runUntilSignal } from '@cred/runtime';
import { loadConfig } from './config.js';
import { createVerificationService } from './service.js';

const service = createVerificationService(loadConfig(process.env));
await runUntilSignal(service, service.host.logger);
