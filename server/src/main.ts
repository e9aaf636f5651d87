import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';

// Entry point of `npm start`: configuration errors stop the server with a message naming each variable.
try {
  const config = loadConfig(process.env);
  const server = await startServer(config);
  const shutdown = async (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  throw error;
}
