// The image's HEALTHCHECK, the same for whichever process the container runs: every process, gateway and services,
// answers GET /health/live on its operations port (METRICS_PORT, 9464 unless set) while its event loop turns. Not the
// gateway's /api/health: that asks every service, so one service down would mark every gateway unhealthy.
import { get } from 'node:http';

const port = Number(process.env.METRICS_PORT || 9464);
const unhealthy = (why) => {
  console.error(`unhealthy: ${why}`);
  process.exit(1);
};

const request = get({ host: '127.0.0.1', port, path: '/health/live', timeout: 3000 }, (res) => {
  res.resume();
  if (res.statusCode === 200) process.exit(0);
  unhealthy(`GET /health/live on port ${port} answered ${res.statusCode}`);
});
request.on('timeout', () => request.destroy(new Error(`GET /health/live on port ${port} did not answer within 3 s`)));
request.on('error', (error) => unhealthy(error.message));
