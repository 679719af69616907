// Tool arguments copied into plain data before anything looks at them: a getter or a Proxy runs
// once, here, inside the call's guard, and cannot hand validation one value and the tool another.

const MAX_DEPTH = 64;

export class UnreadableArguments extends Error {}

/** A plain JSON-like copy of `value` (own enumerable string keys only); throws UnreadableArguments. */
export function plainArguments(value: unknown): unknown {
  try {
    return copy(value, 0);
  } catch (error) {
    if (error instanceof UnreadableArguments) throw error;
    throw new UnreadableArguments(
      `the arguments could not be read (${error instanceof Error ? error.message : String(error)}); pass plain data`,
    );
  }
}

function copy(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new UnreadableArguments(`the arguments are nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) out.push(copy(value[i], depth + 1));
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // defineProperty, so a key named __proto__ stays a key and never becomes the prototype.
    Object.defineProperty(out, key, {
      value: copy((value as Record<string, unknown>)[key], depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
