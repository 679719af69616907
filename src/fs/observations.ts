// What one session has seen, per canonical path: a version, or a confirmed absence. Lives in
// memory only; never serialised. A fork copies it for a session that takes over.
import type { Version } from './version.js';

export type Observation = { kind: 'present'; version: Version } | { kind: 'absent' };

export class ObservationStore {
  private readonly entries: Map<string, Observation>;
  // Editor buffers are another route to "the same" path with their own versions: kept apart, so an
  // observation made through one route never authorises a write through the other.
  private readonly bufferEntries: Map<string, string>;

  constructor(entries?: Map<string, Observation>, bufferEntries?: Map<string, string>) {
    this.entries = new Map(entries);
    this.bufferEntries = new Map(bufferEntries);
  }

  /** The buffer version this session last saw for a path, if it saw the buffer at all. */
  buffer(abs: string): string | undefined {
    return this.bufferEntries.get(abs);
  }

  bufferSeen(abs: string, version: string): void {
    this.bufferEntries.set(abs, version);
  }

  get(abs: string): Observation | undefined {
    return this.entries.get(abs);
  }

  present(abs: string, version: Version): void {
    this.entries.set(abs, { kind: 'present', version });
  }

  absent(abs: string): void {
    this.entries.set(abs, { kind: 'absent' });
  }

  /** An independent copy: later observations in either store do not reach the other. */
  clone(): ObservationStore {
    return new ObservationStore(this.entries, this.bufferEntries);
  }

  // Refuses serialisation outright: an observation is only meaningful in the session that made it.
  toJSON(): never {
    throw new TypeError('observations are never serialised');
  }
}
