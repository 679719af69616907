// Types of args.js.
export declare function opencodeArgs(input: {
  verb: string;
  prompt: string;
  model?: string;
  effort?: string;
}): string[];
