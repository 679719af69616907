// serve --default-timeout: each verb's budget when a call names none (`advise=90,review=200`), in
// place of the built-in defaults; checked against the MCP maxima before the server starts.
import { MCP_MAX_BUDGET_SECONDS } from '../bridge/budget.js';
import { isVerb, VERBS, type Verb } from '../vocabulary.js';
import { seconds, UsageError } from './args.js';

export type DefaultBudgets = Partial<Record<Verb, number>>;

/** Parses `VERB=SECONDS[,VERB=SECONDS…]`; a bad entry is a usage error that names the fix. */
export function parseDefaultTimeouts(value: string | undefined): DefaultBudgets | undefined {
  if (value === undefined) return undefined;
  const budgets: DefaultBudgets = {};
  for (const entry of value.split(',').map((part) => part.trim())) {
    const [verb, amount, ...rest] = entry.split('=');
    if (!verb || !isVerb(verb) || amount === undefined || rest.length > 0)
      throw new UsageError(
        `--default-timeout takes VERB=SECONDS entries separated by commas (verbs: ${VERBS.join(', ')}), ` +
          `got ${JSON.stringify(entry)}`,
      );
    const budget = seconds(amount, `--default-timeout ${verb}`)!;
    if (budget > MCP_MAX_BUDGET_SECONDS[verb])
      throw new UsageError(
        `--default-timeout ${verb} is at most ${MCP_MAX_BUDGET_SECONDS[verb]} seconds over MCP, got ${budget}`,
      );
    budgets[verb] = budget;
  }
  return budgets;
}
