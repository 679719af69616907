// Reminders for a caller that repeats itself: identical consecutive calls (same tool, same
// arguments) get a note at counts 3, 5 and 8 only, so a loop is pointed out without nagging.

export const REMINDER_COUNTS: readonly number[] = [3, 5, 8];

// Key order must not make two identical argument objects look different.
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Counts identical consecutive calls of one client session. */
export class ReminderTracker {
  #last: string | null = null;
  #count = 0;

  /** Records a call; returns the reminder text when this call's count is 3, 5 or 8. */
  note(tool: string, args: unknown): string | undefined {
    const key = `${tool}\u0000${canonical(args ?? {})}`;
    this.#count = key === this.#last ? this.#count + 1 : 1;
    this.#last = key;
    if (!REMINDER_COUNTS.includes(this.#count)) return undefined;
    return (
      `This is call ${this.#count} in a row of ${tool} with identical arguments. ` +
      'Repeating it will not change the outcome much: read the previous envelope (status, blockers, ' +
      'remaining), then change the task, the model or the effort, or stop and report.'
    );
  }
}
