// The short form of a task that the ledger keeps, so `peer-bridge runs` can say what each call was
// about without opening its transcript. Never the whole task: a task may hold 128 KiB.

const PREVIEW_CHARS = 120;

/** The task's text on one line, whitespace collapsed, cut to 120 characters with an ellipsis. */
export function taskPreview(task: string): string {
  const line = task.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= PREVIEW_CHARS ? line : `${chars.slice(0, PREVIEW_CHARS - 1).join('')}…`;
}
