// The Chat Completions double on its own: the stream shapes OpenCode's OpenAI-compatible provider
// reads (text, a tool call, usage, [DONE]), a scripted HTTP error, and 500 past the script's end.
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_USAGE, startChatDouble } from './openai-chat-server.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function post(origin: string) {
  const res = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [] }),
  });
  return { status: res.status, text: await res.text() };
}

// The data lines of an SSE body, parsed (the final [DONE] kept as text).
const chunks = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice(6))
    .map((data) => (data === '[DONE]' ? data : (JSON.parse(data) as Record<string, unknown>)));

describe('the Chat Completions double', () => {
  it('streams an answer, then a tool call, each with usage and [DONE], then 500 past the script', async () => {
    const double = await startChatDouble([
      { kind: 'answer', answer: { status: 'complete' } },
      { kind: 'call', name: 'workbench_read_file', input: { path: 'a.txt' } },
      { kind: 'http_error', status: 429, message: 'slow down' },
    ]);
    closers.push(double.close);
    const answer = chunks((await post(double.origin)).text);
    expect(answer.at(-1)).toBe('[DONE]');
    expect(JSON.stringify(answer)).toContain(JSON.stringify(JSON.stringify({ status: 'complete' })));
    expect(answer.at(-2)).toMatchObject({ usage: CHAT_USAGE });
    const call = chunks((await post(double.origin)).text);
    expect(call).toContainEqual(
      expect.objectContaining({
        choices: [
          expect.objectContaining({
            delta: {
              tool_calls: [
                expect.objectContaining({ function: { name: 'workbench_read_file', arguments: '{"path":"a.txt"}' } }),
              ],
            },
          }),
        ],
      }),
    );
    expect(call).toContainEqual(
      expect.objectContaining({ choices: [expect.objectContaining({ finish_reason: 'tool_calls' })] }),
    );
    expect(await post(double.origin)).toMatchObject({ status: 429, text: expect.stringContaining('slow down') });
    expect(await post(double.origin)).toMatchObject({ status: 500, text: expect.stringContaining('script exhausted') });
    expect(double.requests).toHaveLength(4);
  });
});
