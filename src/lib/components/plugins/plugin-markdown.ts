/**
 * Markdown from a plugin's RenderSpec, as HTML the host can insert: markdown-it with raw HTML off
 * (so `<script>` stays text), its own link check (no javascript:, vbscript:, file: or non-image
 * data: URLs), and links that open outside the app.
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet('target', '_blank');
  tokens[idx].attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The HTML of a plugin's Markdown text. */
export function renderPluginMarkdown(text: string): string {
  return markdown.render(text);
}
