// Every error family follows one pattern: a stable `code`, `name` equal to its class, `cause` kept.
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../src/bridge/errors.js';
import { UsageError } from '../src/cli/args.js';
import { EnvelopeError } from '../src/envelope/errors.js';
import { CodedError } from '../src/errors.js';
import { FsError } from '../src/fs/errors.js';
import { NativeLoadError } from '../src/native/load.js';
import { PermissionDenied, RunnerConfigError, RunnerLoadError, RunnerUnresponsive } from '../src/runners/errors.js';
import { StateError } from '../src/state/errors.js';

const cause = new Error('underneath');
const cases: [string, CodedError, string][] = [
  ['FsError', new FsError('FS_NOT_FOUND', 'a.txt: not found', { cause }), 'FS_NOT_FOUND'],
  ['BridgeError', new BridgeError('invalid_arguments', 'task is empty', { field: 'task', cause }), 'invalid_arguments'],
  ['EnvelopeError', new EnvelopeError('ENVELOPE_INTERNAL', 'bad envelope', { cause }), 'ENVELOPE_INTERNAL'],
  ['StateError', new StateError('STATE_SYMLINK', '.peer-bridge is a link', { cause }), 'STATE_SYMLINK'],
  ['PermissionDenied', new PermissionDenied('mine', 'run', 'node', 'grant it'), 'ERR_PERMISSION_DENIED'],
  ['RunnerLoadError', new RunnerLoadError('cannot import', { cause }), 'ERR_RUNNER_LOAD'],
  ['RunnerConfigError', new RunnerConfigError('bad JSON', { cause }), 'ERR_RUNNER_CONFIG'],
  ['RunnerUnresponsive', new RunnerUnresponsive('did not finish'), 'ERR_RUNNER_UNRESPONSIVE'],
  ['NativeLoadError', new NativeLoadError('no binary', { cause }), 'ERR_PEER_BRIDGE_NATIVE_LOAD'],
  ['UsageError', new UsageError('unknown option'), 'usage'],
];

describe('error classes', () => {
  it.each(cases)('%s has its class name, its stable code and the message', (name, error, code) => {
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(String(error)).toMatch(new RegExp(`^${name}: \\S`));
  });

  it('keep the cause they were given, and have none otherwise', () => {
    for (const [, error] of cases) {
      if (error instanceof PermissionDenied || error instanceof RunnerUnresponsive || error instanceof UsageError) {
        expect('cause' in error).toBe(false);
      } else {
        expect(error.cause).toBe(cause);
      }
    }
    expect('cause' in new FsError('FS_IO_ERROR', 'x')).toBe(false);
  });

  it("keep the bridge error's field", () => {
    expect(new BridgeError('invalid_arguments', 'x', { field: 'run_id' }).field).toBe('run_id');
  });
});
