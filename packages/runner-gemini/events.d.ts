// Types of events.js (Gemini CLI's stream-json lines → runner events), for the package's own tests.
import type { RunnerEvent } from 'peer-bridge';

export declare class GeminiEventMapper {
  sessionId: string | null;
  model: string | null;
  lastAgentMessage: string | null;
  done: boolean;
  tokens: Record<string, number> | null;
  failure: { message: string; cause: string } | null;
  map(line: string): RunnerEvent[];
  mapStderr(line: string): RunnerEvent[];
}
