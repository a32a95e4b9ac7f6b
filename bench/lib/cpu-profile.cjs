// Preloaded (`node --require`) into a process of the stack by bench/gateway-overhead.mjs when BENCH_PROFILE_DIR is set:
// SIGWINCH starts the V8 CPU profiler, the next SIGWINCH writes <dir>/<app>-<pid>.cpuprofile. A signal, not --cpu-prof,
// because the profile must cover only the measured phase, and Nest's shutdown hook ends the process by re-raising SIGTERM
// (which --cpu-prof does not survive). SIGWINCH because Nest's shutdown hooks listen to SIGUSR2, and SIGUSR1 opens the
// inspector.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { basename, dirname, join } = require('node:path');

const app = basename(dirname(dirname(process.argv[1])));
const session = new Session();
session.connect();
let running = false;
process.on('SIGWINCH', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')));
    return;
  }
  running = false;
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(join(process.env.BENCH_PROFILE_DIR, `${app}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
