// markdown-it ships its rules as modules without their own type declarations.
declare module 'markdown-it/lib/rules_inline/link.mjs' {
  import type { RuleInline } from 'markdown-it/lib/parser_inline.mjs';
  const link: RuleInline;
  export default link;
}
declare module 'markdown-it/lib/rules_inline/image.mjs' {
  import type { RuleInline } from 'markdown-it/lib/parser_inline.mjs';
  const image: RuleInline;
  export default image;
}
// The markdown-it plugins below ship without type declarations; each is `md.use(plugin)`.
declare module 'markdown-it-footnote' {
  import type MarkdownIt from 'markdown-it';
  const footnote: (md: MarkdownIt) => void;
  export default footnote;
}
declare module 'markdown-it-deflist' {
  import type MarkdownIt from 'markdown-it';
  const deflist: (md: MarkdownIt) => void;
  export default deflist;
}
declare module 'markdown-it-mark' {
  import type MarkdownIt from 'markdown-it';
  const mark: (md: MarkdownIt) => void;
  export default mark;
}
declare module 'katex/contrib/mhchem' {}
declare module 'katex/dist/katex.min.css' {}
