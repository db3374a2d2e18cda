// Runs before the build in `npm start` and `npm test`: without nats-server (and no NATS_URL) they
// could only fail minutes later, once everything was built and PostgreSQL started. The check and
// its message are local-stack's own, loaded from source (Node strips the types).
import { findNatsServer, natsMissingMessage, thisHost } from '../libs/local-stack/src/nats-binary.ts';

if (!process.env.NATS_URL?.trim() && !(await findNatsServer())) {
  console.error(natsMissingMessage(await thisHost()));
  process.exit(1);
}
