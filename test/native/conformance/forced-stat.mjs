// Child of identity.test.mjs: stats argv[2] under the stat strategy forced through
// PEER_BRIDGE_NATIVE_FORCE (fixed when the addon loads) and prints { backend, stat } as JSON.
import { loadAddon } from './helpers.mjs';

const native = loadAddon();
const stat = native.statPath(process.argv[2], true);
process.stdout.write(JSON.stringify({ backend: native.backend.stat, identity: stat.identity, nlink: stat.nlink }));
