// The doubles themselves: they must refuse a structured-output schema outside the strict subset
// the way the real APIs do, or a test could pass with a schema production would be refused for.
import { afterEach, describe, expect, it } from 'vitest';
import { strictCoreSchema } from '../../src/envelope/index.js';
import { startMessagesDouble, STRUCTURED_OUTPUT_TOOL } from './anthropic-messages-server.js';
import { startResponsesDouble } from './openai-responses-server.js';

const loose = {
  type: 'object',
  properties: { verdict: { type: 'string', maxLength: 500 } },
  required: ['verdict'],
  additionalProperties: false,
};
const optional = {
  type: 'object',
  properties: { a: { type: 'string' }, b: { type: 'string' } },
  required: ['a'],
  additionalProperties: false,
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('scripted model doubles', () => {
  it('the Responses double refuses a non-strict schema and accepts the strict core projection', async () => {
    const double = await startResponsesDouble([{ kind: 'answer', answer: {} }]);
    closers.push(double.close);
    const format = (schema: unknown) => ({
      model: 'm',
      text: { format: { type: 'json_schema', strict: true, name: 'out', schema } },
    });
    const bad = await post(`${double.origin}/v1/responses`, format(loose));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatchObject({
      code: 'invalid_json_schema',
      message: expect.stringContaining('maxLength'),
    });
    expect((await post(`${double.origin}/v1/responses`, format(optional))).status).toBe(400);
    const good = await post(`${double.origin}/v1/responses`, format(strictCoreSchema()));
    expect(good.status).toBe(200);
    expect(good.text).toContain('response.completed');
  });

  it('the Messages double refuses a non-strict StructuredOutput schema', async () => {
    const double = await startMessagesDouble([{ kind: 'text', text: 'hi' }]);
    closers.push(double.close);
    const bad = await post(`${double.origin}/v1/messages`, {
      model: 'm',
      tools: [{ name: STRUCTURED_OUTPUT_TOOL, input_schema: loose }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const good = await post(`${double.origin}/v1/messages`, {
      model: 'm',
      tools: [{ name: STRUCTURED_OUTPUT_TOOL, input_schema: strictCoreSchema() }],
    });
    expect(good.status).toBe(200);
    expect(good.text).toContain('message_stop');
  });
});
