// Docker HEALTHCHECK (Kubernetes uses its own probes instead).
// gateway: GET /api/health on PORT; every other app: GET /health on HEALTH_PORT.
const app = process.env.APP || 'gateway';
const url =
  app === 'gateway'
    ? `http://127.0.0.1:${process.env.PORT || 3000}/api/health`
    : `http://127.0.0.1:${process.env.HEALTH_PORT || 8081}/health`;

try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch (err) {
  console.error(`healthcheck ${url}: ${err?.message ?? err}`);
  process.exit(1);
}
