import { runStandalone } from '@marketplace/service-kit';

import { service } from './service.js';

await runStandalone(service);
