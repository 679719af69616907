// delete_symbol: removes one definition (with its decorators or attributes and the comments directly
// above it) from an observed source file, found with tree-sitter; published like every other edit.
import type { DeleteSymbolArgs } from '../../generated/fs-tools.js';
import type { ToolContext } from '../context.js';
import { rewriteObserved, type ToolSuccess } from '../mutate.js';
import { decodeText, encodeText } from '../text-codec.js';
import { resolveInWorkspace } from '../workspace-paths.js';
import { findSymbol, leadingStart } from './symbol-find.js';
import { languageOf, parserFor } from './symbol-grammars.js';
import { RULES, type Definition, type LanguageRules } from './symbol-rules.js';
import { absorbBlankLines, isBlank, lineAt, lineStartOf, linesIn, merged, type Cut } from './line-cuts.js';

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
