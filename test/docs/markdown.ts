// The parts of a Markdown page the doc checks look at, read with a real Markdown lexer (marked) so
// that code inside fences, tables and lists is found the way a reader's renderer finds it.
import GithubSlugger from 'github-slugger';
import { Lexer, type Token } from 'marked';

export interface Fence {
  lang: string;
  text: string;
}

export interface MarkdownParts {
  /** Fenced code blocks. */
  fences: Fence[];
  /** Inline code spans, as their text. */
  spans: string[];
  /** Link and image targets, as written. */
  links: string[];
  /** The anchors GitHub gives the page's headings. */
  anchors: Set<string>;
}

/** Child tokens of any kind of token: inline children, list items, table cells. */
function children(token: Token): Token[] {
  const t = token as Token & {
    tokens?: Token[];
    items?: Token[];
    header?: { tokens: Token[] }[];
    rows?: { tokens: Token[] }[][];
  };
  return [
    ...(t.tokens ?? []),
    ...(t.items ?? []),
    ...(t.header ?? []).flatMap((cell) => cell.tokens),
    ...(t.rows ?? []).flat().flatMap((cell) => cell.tokens),
  ];
}

/** A heading's text as rendered (code spans without their backticks), which GitHub slugs. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((t) => ('tokens' in t && t.tokens ? plainText(t.tokens) : 'text' in t ? String(t.text) : ''))
    .join('');
}

export function parseMarkdown(markdown: string): MarkdownParts {
  const parts: MarkdownParts = { fences: [], spans: [], links: [], anchors: new Set() };
  const slugger = new GithubSlugger();
  const visit = (token: Token): void => {
    if (token.type === 'code')
      parts.fences.push({ lang: (token.lang as string | undefined) ?? '', text: token.text as string });
    else if (token.type === 'codespan') parts.spans.push(token.text as string);
    else if (token.type === 'link' || token.type === 'image') parts.links.push(token.href as string);
    else if (token.type === 'heading') parts.anchors.add(slugger.slug(plainText(token.tokens ?? [])));
    for (const child of children(token)) visit(child);
  };
  for (const token of Lexer.lex(markdown)) visit(token);
  return parts;
}
