/**
 * Markdown from a plugin's RenderSpec, as HTML the host can insert: markdown-it with raw HTML off
 * (so `<script>` stays text), its own link check (no javascript:, vbscript:, file: or non-image
 * data: URLs), links that open outside the app, and images held to the RenderSpec's own rules
 * (checkImageUrl: data:image and blob:, https only for a plugin with `network`): any other image
 * is shown as its alt text, so a plugin's Markdown cannot make the app fetch a URL.
 */
import MarkdownIt from 'markdown-it';
import type { RenderPolicy } from '$lib/plugins';
import { checkImageUrl } from '$lib/state';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('target', '_blank');
  tokens[idx].attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};
const defaultImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, idx, options, env: { policy?: RenderPolicy }, self) => {
  const token = tokens[idx];
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  try {
    checkImageUrl(token.attrGet('src') ?? '', 'image', env.policy ?? { network: false });
  } catch {
    return `<span class="blocked-image" title="This image is not allowed from a plugin">[image: ${markdown.utils.escapeHtml(alt || 'no description')}]</span>`;
  }
  token.attrSet('referrerpolicy', 'no-referrer');
  token.attrSet('loading', 'lazy');
  return defaultImage(tokens, idx, options, env, self);
};

/** The HTML of a plugin's Markdown text; `policy` says which images it may show. */
export function renderPluginMarkdown(text: string, policy: RenderPolicy = { network: false }): string {
  return markdown.render(text, { policy });
}
