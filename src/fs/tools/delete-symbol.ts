// delete_symbol: removes one definition (with its decorators and the comments directly above it)
// from an observed source file, found with tree-sitter; published like every other edit.
import type { Node } from 'web-tree-sitter';
import type { DeleteSymbolArgs } from '../../generated/fs-tools.js';
import type { ToolContext } from '../context.js';
import { rewriteObserved, type ToolSuccess } from '../mutate.js';
import { decodeText, encodeText } from '../text-codec.js';
import { resolveInWorkspace } from '../workspace-paths.js';
import { findSymbol, leadingStart } from './symbol-find.js';
import { languageOf, parserFor } from './symbol-grammars.js';
import { RULES, type Definition, type LanguageRules } from './symbol-rules.js';

interface Cut {
  start: number;
  end: number;
}

const isBlank = (line: string) => line.trim() === '';

function lineStartOf(text: string, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1;
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

const indentOf = (line: string) => /^[ \t]*/.exec(line)?.[0].length ?? 0;

// Keeps the blank-line rhythm: the gap before the definition stays and the one after it goes; when
// nothing follows it in its block (end of file, or a line indented less, like a closing brace), the
// gap before it goes instead.
function absorbBlankLines(text: string, cut: Cut): Cut {
  if (cut.start !== lineStartOf(text, cut.start) || (cut.end !== text.length && cut.end !== lineStartOf(text, cut.end))) return cut;
  let { start, end } = cut;
  let after = end;
  for (let next = text.indexOf('\n', after); next !== -1 && isBlank(text.slice(after, next)); next = text.indexOf('\n', after)) after = next + 1;
  const nextLine = text.slice(after, (text.indexOf('\n', after) + 1 || text.length + 1) - 1);
  const lastInBlock = isBlank(text.slice(after)) || indentOf(nextLine) < indentOf(text.slice(start, text.indexOf('\n', start)));
  if (lastInBlock) {
    if (isBlank(text.slice(after))) end = text.length;
    while (start > 0 && isBlank(text.slice(lineStartOf(text, start - 1), start - 1))) start = lineStartOf(text, start - 1);
  } else if (start === 0 || /^\s*$|[{:]\s*$/.test(text.slice(lineStartOf(text, start - 1), start - 1))) {
    // After a blank line or a block opener, the blank lines that followed the definition go too.
    end = after;
  }
  return { start, end };
}

/** Cuts sorted last first; overlapping ones, and ones with only blank text between, are joined. */
function merged(cuts: Cut[], text: string): Cut[] {
  const out: Cut[] = [];
  for (const cut of [...cuts].sort((a, b) => a.start - b.start)) {
    const prev = out[out.length - 1];
    if (prev && (cut.start <= prev.end || isBlank(text.slice(prev.end, cut.start)))) prev.end = Math.max(prev.end, cut.end);
    else out.push({ ...cut });
  }
  return out.reverse();
}

function linesIn(removed: string): number {
  const breaks = removed.split('\n').length - 1;
  return removed.length === 0 || removed.endsWith('\n') ? breaks : breaks + 1;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

// A block that may not be empty (Python) gets its filler when its last statement goes.
function emptiedBlock(rules: LanguageRules, matches: Definition[]): boolean {
  const block = matches[0]?.node.parent;
  if (!rules.emptyBlock || block?.type !== rules.emptyBlock.type) return false;
  const left = block.namedChildren.filter((child) => child && !rules.comments.has(child.type) && !matches.some((m) => m.node.id === child.id));
  return left.length === 0;
}

export async function deleteSymbolTool(ctx: ToolContext, args: DeleteSymbolArgs): Promise<ToolSuccess> {
  const target = resolveInWorkspace(ctx.ws, args.path);
  const language = languageOf(target.abs, target.shown);
  const rules = RULES[language];
  const parser = await parserFor(language);
  try {
    return await rewriteObserved(ctx, target, (bytes) => {
      const { text, format } = decodeText(bytes, target.shown);
      const tree = parser.parse(text);
      if (!tree) throw new Error(`${target.shown}: the parser returned no tree`);
      try {
        const matches = findSymbol(tree.rootNode, rules, args.symbol, target.shown);
        const spans = matches.map((m) => cutFor(m, rules, text));
        const cuts = merged(merged(spans, text).map((span) => absorbBlankLines(text, span)), text);
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
          const eol = format.eol === 'crlf' ? '\r\n' : '\n';
          out = out.slice(0, first.start) + `${indent}${rules.emptyBlock.filler}${eol}` + out.slice(first.start);
        }
        return {
          bytes: encodeText(out, format),
          extra: {
            symbol: args.symbol,
            kind: (matches[0] as Definition).declaration.type,
            start_line: Math.min(...spans.map((span) => lineAt(text, span.start))),
            end_line: Math.max(...matches.map((m) => m.node.endPosition.row + 1)),
            deleted_lines: deleted,
            total_lines: out.length === 0 ? 0 : out.split('\n').length - (out.endsWith('\n') ? 1 : 0),
            ...(tree.rootNode.hasError ? { warnings: [`${target.shown} has syntax errors; check the result`] } : {}),
          },
        };
      } finally {
        tree.delete();
      }
    });
  } finally {
    parser.delete();
  }
}
