// The text side of delete_symbol: parse, find the definition, cut it (with what belongs to it) and
// say what went. Pure over its input; runs inside the parser worker (worker.ts).
import type { Parser } from 'web-tree-sitter';
import { findSymbol, leadingStart } from './find.js';
import { RULES, type Definition, type LanguageRules } from './rules.js';
import type { SymbolLanguage } from './grammars.js';
import type { Eol } from '../../text-codec.js';
import { absorbBlankLines, isBlank, lineAt, lineStartOf, linesIn, merged, type Cut } from '../line-cuts.js';

export interface SymbolJob {
  text: string;
  language: SymbolLanguage;
  symbol: string;
  /** The file as messages show it. */
  shown: string;
  eol: Eol;
}

export interface SymbolCut {
  text: string;
  extra: Record<string, unknown>;
}

/** The definition's span widened to whole lines when nothing else shares them (a trailing `;` may). */
function cutFor(definition: Definition, rules: LanguageRules, text: string): Cut {
  let start = leadingStart(definition, rules, text);
  let end = definition.node.endIndex;
  const lineStart = lineStartOf(text, start);
  if (isBlank(text.slice(lineStart, start))) start = lineStart;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline === -1 ? text.length : newline + 1;
  if (/^[\s;]*$/.test(text.slice(end, lineEnd))) end = lineEnd;
  return { start, end };
}

// A block that may not be empty (Python) gets its filler when its last statement goes.
function emptiedBlock(rules: LanguageRules, matches: Definition[]): boolean {
  const block = matches[0]?.node.parent;
  if (!rules.emptyBlock || block?.type !== rules.emptyBlock.type) return false;
  const left = block.namedChildren.filter(
    (child) => child && !rules.comments.has(child.type) && !matches.some((m) => m.node.id === child.id),
  );
  return left.length === 0;
}

/** Removes `job.symbol` from `job.text`; FsError when it is missing or ambiguous. */
export function cutSymbol(parser: Parser, job: SymbolJob): SymbolCut {
  const { text, shown } = job;
  const rules = RULES[job.language];
  const tree = parser.parse(text);
  if (!tree) throw new Error(`${shown}: the parser returned no tree`);
  try {
    const matches = findSymbol(tree.rootNode, rules, job.symbol, shown);
    const spans = matches.map((m) => cutFor(m, rules, text));
    const cuts = merged(
      merged(spans, text).map((span) => absorbBlankLines(text, span)),
      text,
    );
    const first = cuts[cuts.length - 1] as Cut;
    let out = text;
    let deleted = 0;
    for (const cut of cuts) {
      deleted += linesIn(text.slice(cut.start, cut.end));
      out = out.slice(0, cut.start) + out.slice(cut.end);
    }
    if (rules.emptyBlock && emptiedBlock(rules, matches)) {
      const start = (matches[0] as Definition).node.startIndex;
      const indent = /^[ \t]*/.exec(text.slice(lineStartOf(text, start), start))?.[0] ?? '';
      const eol = job.eol === 'crlf' ? '\r\n' : '\n';
      out = out.slice(0, first.start) + `${indent}${rules.emptyBlock.filler}${eol}` + out.slice(first.start);
    }
    return {
      text: out,
      extra: {
        symbol: job.symbol,
        kind: (matches[0] as Definition).declaration.type,
        start_line: Math.min(...spans.map((span) => lineAt(text, span.start))),
        end_line: Math.max(...matches.map((m) => m.node.endPosition.row + 1)),
        deleted_lines: deleted,
        total_lines: out.length === 0 ? 0 : out.split('\n').length - (out.endsWith('\n') ? 1 : 0),
        ...(tree.rootNode.hasError ? { warnings: [`${shown} has syntax errors; check the result`] } : {}),
      },
    };
  } finally {
    tree.delete();
  }
}
