// How a Windows npm .cmd shim is started without cmd.exe, and that POSIX executables are left alone.
import { describe, expect, it } from 'vitest';
import { invocationFor, npmShimTarget } from '../../src/supervisor/windows-shim.js';

describe('windows .cmd shims', () => {
  const shim =
    '@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\nCALL :find_dp0\r\n' +
    '"%_prog%"  "%dp0%\\..\\@openai\\codex\\bin\\codex.js" %*\r\n';
  it('finds the JS file an npm shim starts, so node runs it without cmd.exe', () => {
    expect(npmShimTarget('C:\\tools\\node_modules\\.bin\\codex.cmd', shim)).toBe(
      'C:\\tools\\node_modules\\@openai\\codex\\bin\\codex.js',
    );
  });
  it('leaves POSIX executables alone', () => {
    expect(invocationFor('/usr/bin/codex', ['exec'], 'linux')).toEqual({
      file: '/usr/bin/codex',
      args: ['exec'],
      verbatim: false,
    });
  });
});
