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
