// Preloaded (node --import) into a CLI the tests kill at a known point: once the CLI writes a line
// of output matching $STOP_AT, the process stops itself (SIGSTOP, which it cannot ignore) before it
// goes on, and the test, having read the line, kills it. Output to a pipe is synchronous on Linux,
// so the line is out before the process stops.
const stopAt = new RegExp(process.env.STOP_AT ?? '(?!)', 'm');
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const written = write(chunk, ...rest);
  if (stopAt.test(String(chunk))) process.kill(process.pid, 'SIGSTOP');
  return written;
};
