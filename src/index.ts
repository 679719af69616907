// The package entry. The bridge (runBridge) lands here with the bridge issue; the native addon
// and the file-safety layer have their own entry points: peer-bridge/native and peer-bridge/fs.
export * as native from './native/index.js';
