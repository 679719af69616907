// Types of events.js.
import type { RunnerEvent } from 'peer-bridge';

type ErrorEvent = Extract<RunnerEvent, { type: 'error' }>;
type UsageEvent = Extract<RunnerEvent, { type: 'usage' }>;

export declare function classifyError(name: string, message: string, status: number | null): string;

export declare class OpencodeEventMapper {
  sessionId: string | null;
  lastText: string | null;
  failure: ErrorEvent | null;
  tokens: Record<string, number> | null;
  cost: number;
  map(line: string): RunnerEvent[];
  usage(): UsageEvent | null;
}
