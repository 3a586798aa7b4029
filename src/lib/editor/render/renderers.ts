/*
 * Math (KaTeX, with mhchem for `\ce{…}`) and diagrams (Mermaid), loaded the first time a note
 * shows one: both are large (KaTeX ~270 KB, Mermaid ~2.5 MB before gzip) and most notes need
 * neither, so they are dynamic imports, kept out of the first screen's JavaScript and out of the
 * editor's own chunk. A render failure (bad TeX, a diagram that does not parse) is shown where
 * the result would be, in words, and never breaks the note.
 */
import type { MermaidConfig } from 'mermaid';

type Katex = typeof import('katex').default;
type Mermaid = typeof import('mermaid').default;

let katexLoad: Promise<Katex> | null = null;
let mermaidLoad: Promise<Mermaid> | null = null;

/** KaTeX, its stylesheet and mhchem, loaded once. */
export function loadKatex(): Promise<Katex> {
  katexLoad ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')])
    .then(async ([katex]) => {
      await import('katex/contrib/mhchem');
      return katex.default;
    })
    .catch((error: unknown) => {
      katexLoad = null; // a failed chunk load (offline before it was cached) is tried again later
      throw error;
    });
  return katexLoad;
}

function mermaidConfig(): MermaidConfig {
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  // strict: labels are text, never HTML or script; no click handlers in diagrams.
  return {
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    fontFamily: 'inherit'
  };
}

/** Mermaid, initialised once. */
export function loadMermaid(): Promise<Mermaid> {
  mermaidLoad ??= import('mermaid')
    .then((module) => {
      module.default.initialize(mermaidConfig());
      return module.default;
    })
    .catch((error: unknown) => {
      mermaidLoad = null;
      throw error;
    });
  return mermaidLoad;
}

function showError(target: HTMLElement, what: string, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  // The target's own document: a render can settle after its page (or a test's DOM) is gone.
  const box = target.ownerDocument.createElement('span');
  box.className = 'render-error';
  box.setAttribute('role', 'note');
  box.textContent = `${what}: ${message.split('\n')[0]}`;
  target.replaceChildren(box);
}

/** Renders TeX into `target` (display: a block formula). Errors are shown in its place. */
export async function renderMath(target: HTMLElement, tex: string, display: boolean): Promise<void> {
  try {
    const katex = await loadKatex();
    katex.render(tex, target, {
      displayMode: display,
      throwOnError: true,
      output: 'htmlAndMathml',
      strict: false
    });
  } catch (error) {
    showError(target, 'Math error', error);
  }
}

let diagramCount = 0;

/** Renders a Mermaid diagram into `target`; errors are shown in its place. */
export async function renderDiagram(target: HTMLElement, source: string): Promise<void> {
  const id = `folio-mermaid-${++diagramCount}`;
  try {
    const mermaid = await loadMermaid();
    const { svg } = await mermaid.render(id, source);
    target.innerHTML = svg;
    target.querySelector('svg')?.setAttribute('role', 'img');
    target.querySelector('svg')?.setAttribute('aria-label', 'Diagram');
  } catch (error) {
    showError(target, 'Diagram error', error);
  } finally {
    // Mermaid leaves its scratch element in the body when a diagram fails to parse.
    target.ownerDocument.getElementById(`d${id}`)?.remove();
  }
}
