// The environment this process was started with. Only src/settings reads `process.env`: other
// modules take this object whole, to hand it to a child or to pass it to a reader here (tests pass
// their own), and read single variables through readSetting.

/** This process's environment (live: a change to it is seen by the next read). */
export function hostEnv(): NodeJS.ProcessEnv {
  return process.env;
}
