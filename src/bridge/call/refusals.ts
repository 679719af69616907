// Calls refused before they wait or start: too deep a chain of bridges, or a write-capable call
// where a peer must never write. Decided from the settings alone.
import type { HarnessEnvelopeInput } from '../../envelope/index.js';
import { writeRefusal } from '../workspace.js';
import type { CallSettings } from './types.js';

export interface Refusal {
  fault: HarnessEnvelopeInput['fault'];
  /** The ledger result's code. */
  code: string;
  cause: string;
}

/** The call's refusal, depth first; null when it may go on to admission. */
export function refusalOf(settings: Pick<CallSettings, 'depth' | 'verb' | 'workspace'>): Refusal | null {
  if (settings.depth.refusal) return { fault: 'recursion', code: 'recursion-depth', cause: settings.depth.refusal };
  const unsafe = writeRefusal(settings.verb, settings.workspace);
  return unsafe ? { fault: 'unsafe-workspace', code: 'unsafe-workspace', cause: unsafe } : null;
}
