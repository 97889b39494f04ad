import { runUntilSignal } from '@cred/runtime';
import { loadConfig } from './config.js';
import { createNotificationService } from './service.js';

const service = createNotificationService(loadConfig(process.env));
await runUntilSignal(service, service.host.logger);
