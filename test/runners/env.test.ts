import { describe, expect, it } from 'vitest';
import { buildChildEnv, isDropped } from '../../src/runners/env.js';

const source = {
  PATH: '/usr/bin',
  HOME: '/home/u',
  LANG: 'C.UTF-8',
  LC_ALL: 'C',
  SECRET_TOKEN: 's3cret',
  OPENAI_API_KEY: 'k',
  CLAUDE_CODE_X: '1',
  LD_PRELOAD: '/evil.so',
  NODE_OPTIONS: '--require /evil.js',
  DYLD_INSERT_LIBRARIES: '/evil.dylib',
  BASH_ENV: '/evil.sh',
};

describe('child environment', () => {
  it('is the safe base plus granted names and prefixes, never the rest', () => {
    const env = buildChildEnv({
      source,
      granted: ['OPENAI_API_KEY', 'CLAUDE_CODE_*'],
      host: { PEER_BRIDGE_DEPTH: '1' },
      platform: 'linux',
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/u',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      OPENAI_API_KEY: 'k',
      CLAUDE_CODE_X: '1',
      PEER_BRIDGE_DEPTH: '1',
    });
  });

  it('drops code-injection variables even when granted or set by the runner', () => {
    const env = buildChildEnv({
      source,
      granted: ['LD_PRELOAD', 'NODE_OPTIONS', 'DYLD_*', 'BASH_ENV'],
      extra: { NODE_OPTIONS: '--inspect' },
      host: {},
      platform: 'linux',
    });
    expect(Object.keys(env).sort()).toEqual(['HOME', 'LANG', 'LC_ALL', 'PATH']);
  });

  it('lets only the real locale categories through, not any LC_ name', () => {
    const locale = { LC_ALL: 'C', LC_CTYPE: 'C.UTF-8', LC_TIME: 'en_GB', LC_PAPER: 'a4', LC_TELEPHONE: 'x' };
    const env = buildChildEnv({
      source: { ...locale, LC_SECRET: 's', LC_EVIL_HOOK: 'x', LC_: 'y' },
      granted: [],
      host: {},
      platform: 'linux',
    });
    expect(env).toEqual(locale);
  });

  it('matches names case-insensitively on Windows', () => {
    const env = buildChildEnv({
      source: { Path: 'C:\\bin', SYSTEMROOT: 'C:\\Windows', node_options: 'x' },
      granted: [],
      host: {},
      platform: 'win32',
    });
    expect(env).toEqual({ Path: 'C:\\bin', SYSTEMROOT: 'C:\\Windows' });
    expect(isDropped('Node_Options', 'win32')).toBe(true);
  });

  it('drops the other ways a value runs code, even under a grant of everything', () => {
    // Bash imports exported functions, git reads config pairs (core.fsmonitor, core.pager…) from
    // GIT_CONFIG_COUNT/KEY/VALUE as it does from GIT_CONFIG_PARAMETERS, glibc's iconv loads
    // modules from GCONV_PATH, and Ruby, Perl and Lua load code from these.
    const injected = {
      'BASH_FUNC_ls%%': '() { touch /tmp/owned; }',
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'core.fsmonitor',
      GIT_CONFIG_VALUE_0: 'touch /tmp/owned',
      GCONV_PATH: '/tmp/evil',
      RUBYLIB: '/tmp/evil',
      PERLLIB: '/tmp/evil',
      LUA_INIT: 'os.execute("id")',
      LUA_INIT_5_4: 'os.execute("id")',
    };
    const env = buildChildEnv({
      source: { ...injected, PATH: '/usr/bin', KEEP_ME: 'yes' },
      granted: ['*'],
      host: {},
      platform: 'linux',
    });
    expect(env).toEqual({ PATH: '/usr/bin', KEEP_ME: 'yes' });
  });
});
