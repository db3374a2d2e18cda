import { runStandalone } from '@marketplace/service-kit/edge';

import { service } from './service.js';

await runStandalone(service);
