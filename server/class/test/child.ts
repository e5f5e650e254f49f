/**
 * The relay alone (no site) in its own process, for the test that kills it with SIGKILL:
 * prints `{"port":…,"token":…}` once it listens on loopback.
 */
import { startClassServer } from '../server';

const server = await startClassServer({
  port: Number(process.env.PORT),
  host: '127.0.0.1',
  dataDir: process.env.CLASS_DATA_DIR as string,
  ...(process.env.CLASS_REDIS_URL ? { redisUrl: process.env.CLASS_REDIS_URL } : {}),
});
process.stdout.write(`${JSON.stringify({ port: server.port, token: server.teacherToken })}\n`);
