/**
 * Lists the dead letters of the notifications consumers, or replays them once the cause is fixed:
 *   node apps/notifications/dist/dead-letters.js list | replay <id> | replay-all
 * A replayed email event enqueues its email job; the running service sends it.
 */
import 'reflect-metadata';
import { runDeadLettersCommand } from '@fodmap/server';
import { notificationsSchema } from './notifications.schema';

runDeadLettersCommand(notificationsSchema, process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
