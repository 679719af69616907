// `peer-bridge serve --runner gemini` as an MCP client sees it: bridge_status names the plugin as
// the default runner, and bridge_advise goes to the real Gemini CLI (started through the server's
// spawn thread) against the scripted Gemini API double.
import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { validateEnvelope } from '../../../src/envelope/index.js';
import { startGeminiDouble } from '../../doubles/gemini-server.js';
import { geminiEnv } from '../../helpers/gemini.js';
import { answer } from '../../helpers/peers.js';
import { startServer } from '../../helpers/serve-client.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-gemini-serve-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

it('serves bridge_advise with the Gemini plugin as the default runner', async () => {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  const double = await startGeminiDouble([{ kind: 'answer', answer: answer({ verdict: 'Served by Gemini.' }) }]);
  closers.push(double.close);
  const served = await startServer({ workspace, env: geminiEnv(double.origin, dir), args: ['--runner', 'gemini'] });
  closers.push(served.close);
  const status = await served.client.callTool({ name: 'bridge_status', arguments: {} });
  expect(status.structuredContent).toMatchObject({ default_runner: 'gemini' });
  const result = await served.client.callTool({ name: 'bridge_advise', arguments: { task: 'Is parse() safe?' } });
  expect(result.isError, served.stderr()).toBeFalsy();
  const envelope = result.structuredContent as Record<string, unknown>;
  expect(validateEnvelope(envelope).ok).toBe(true);
  expect(envelope).toMatchObject({
    status: 'complete',
    verdict: 'Served by Gemini.',
    direction: 'claude-code->gemini',
  });
});
