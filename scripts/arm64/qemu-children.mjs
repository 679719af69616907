// Preloaded (--import) into the arm64 node under qemu-user: there is no binfmt_misc here, so a
// child started as process.execPath would be run by the host's shell. Such spawns are routed
// through qemu instead (QEMU_BIN), for the suite's tests that start helper processes.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const qemu = process.env.QEMU_BIN;
if (qemu) {
  const route = (original) =>
    function (file, args, ...rest) {
      if (file === process.execPath)
        return original.call(
          this,
          qemu,
          [process.execPath, ...(Array.isArray(args) ? args : [])],
          ...(Array.isArray(args) ? rest : [args, ...rest]),
        );
      return original.call(this, file, args, ...rest);
    };
  childProcess.spawn = route(childProcess.spawn);
  childProcess.spawnSync = route(childProcess.spawnSync);
  childProcess.execFile = route(childProcess.execFile);
  childProcess.execFileSync = route(childProcess.execFileSync);
  syncBuiltinESMExports();
}
