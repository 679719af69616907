// The environment that points the real Claude Code CLI at the Messages double at `origin`, with
// its config in `configDir` and every non-essential request, update and retry switched off.
export function claudeDoubleEnv(origin: string, configDir: string): Record<string, string> {
  return {
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: origin,
    ANTHROPIC_API_KEY: 'sk-ant-test-double',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_MAX_RETRIES: '0',
  };
}
