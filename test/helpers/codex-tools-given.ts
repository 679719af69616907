// Every tool name a scripted Codex model was offered or found through tool_search, namespaces
// included, from the requests the Responses double recorded.
import type { RecordedRequest } from '../doubles/script.js';

interface Found {
  type?: string;
  name?: string;
  tools?: Found[];
}

export function toolsGiven(requests: RecordedRequest[]): string[] {
  const names: string[] = [];
  const walk = (tools: Found[] | undefined) => {
    for (const tool of tools ?? []) {
      if (tool.name) names.push(tool.name);
      walk(tool.tools);
    }
  };
  for (const r of requests) {
    const body = r.body as { tools?: Found[]; input?: { type?: string; tools?: Found[] }[] };
    walk(body.tools);
    for (const item of body.input ?? []) if (item.type === 'tool_search_output') walk(item.tools);
  }
  return names;
}
