// A local SMTP server that counts the messages it receives and throws their contents away (bench/daily-summary.mjs runs
// it as a child process, so that its memory is measured apart). Tells its parent its port, then its count on request.
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  disableReverseLookup: true,
  // Many pooled connections at once from the email jobs: no per-client limit here.
  maxClients: 1000,
  onData(stream, _session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});

server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (message) => {
  if (message === 'count') process.send({ received });
  if (message === 'stop') server.close(() => process.exit(0));
});
