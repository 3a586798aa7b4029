/*
 * Math and diagrams rendered in place, edited as source.
 *
 * - A `$$…$$` block and a ```` ```mermaid ```` block show their rendering; while the cursor is in
 *   them (a click on the rendering puts it there) their source shows too, above a live preview.
 *   The source is the node's own content, so editing it is ordinary typing with undo, and the
 *   Markdown stays exactly what was typed.
 * - Inline `$…$` is an atom: it shows its rendering; selected (clicked, or reached with the
 *   arrows), it shows a text field with its TeX, and Enter or Escape goes back to the text.
 *
 * `editingPlugin` marks the block the selection is in with the class `editing`, which is how a
 * block view knows to show its source.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { NodeSelection, Plugin, TextSelection } from 'prosemirror-state';
import {
  Decoration,
  DecorationSet,
  type EditorView,
  type NodeView,
  type ViewMutationRecord
} from 'prosemirror-view';
import { renderDiagram, renderMath } from './renderers';

const RENDER_DELAY_MS = 250;

/** True for a code block whose info string names Mermaid. */
export function isMermaid(node: PMNode): boolean {
  return node.type.name === 'code_block' && /^mermaid\b/i.test((node.attrs.params as string) ?? '');
}

function isRendered(node: PMNode): boolean {
  return node.type.name === 'math_block' || isMermaid(node);
}

/** Decorates the rendered block that holds the selection with the class `editing`. */
export function editingPlugin(): Plugin {
  return new Plugin({
    props: {
      decorations(state) {
        const { $from } = state.selection;
        for (let d = $from.depth; d > 0; d--) {
          const node = $from.node(d);
          if (isRendered(node))
            return DecorationSet.create(state.doc, [
              Decoration.node($from.before(d), $from.after(d), { class: 'editing' })
            ]);
        }
        return null;
      }
    }
  });
}

/** A `$$` or mermaid block: rendering (contenteditable false) + its source as the node's content. */
class RenderedBlockView implements NodeView {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  private preview: HTMLElement;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private rendered: string | null = null;

  constructor(
    private node: PMNode,
    private view: EditorView,
    private getPos: () => number | undefined
  ) {
    const math = node.type.name === 'math_block';
    this.dom = document.createElement('div');
    this.dom.className = `rendered-block ${math ? 'math-view' : 'diagram-view'}`;
    this.preview = document.createElement('div');
    this.preview.className = 'rendered-preview';
    this.preview.contentEditable = 'false';
    this.preview.title = 'Click to edit';
    this.preview.addEventListener('mousedown', (event) => this.editSource(event));
    const source = document.createElement(math ? 'div' : 'pre');
    source.className = math ? 'math-block' : '';
    if (!math && node.attrs.params) source.dataset.info = node.attrs.params as string;
    this.contentDOM = math ? source : source.appendChild(document.createElement('code'));
    this.dom.append(source, this.preview);
    this.schedule(0);
  }

  private editSource(event: MouseEvent): void {
    const pos = this.getPos();
    if (pos === undefined || !this.view.editable) return;
    event.preventDefault();
    const end = pos + this.node.nodeSize - 1;
    this.view.dispatch(this.view.state.tr.setSelection(TextSelection.create(this.view.state.doc, end)));
    this.view.focus();
  }

  private schedule(delay: number): void {
    const text = this.node.textContent;
    this.dom.classList.toggle('empty', !text.trim());
    if (text === this.rendered) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.rendered = text;
      if (!text.trim()) this.preview.replaceChildren();
      else if (this.node.type.name === 'math_block') void renderMath(this.preview, text, true);
      else void renderDiagram(this.preview, text);
    }, delay);
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type || isMermaid(node) !== isMermaid(this.node)) return false;
    if (node.attrs.params !== this.node.attrs.params) return false;
    this.node = node;
    this.schedule(RENDER_DELAY_MS);
    return true;
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    return this.preview.contains(mutation.target);
  }

  stopEvent(event: Event): boolean {
    return this.preview.contains(event.target as Node);
  }

  destroy(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

/** Inline `$…$`: rendering, or a text field with the TeX while selected. */
class InlineMathView implements NodeView {
  dom: HTMLElement;
  private rendering: HTMLElement;
  private field: HTMLInputElement | null = null;

  constructor(
    private node: PMNode,
    private view: EditorView,
    private getPos: () => number | undefined
  ) {
    this.dom = document.createElement('span');
    this.dom.className = 'math-inline-view';
    this.rendering = document.createElement('span');
    this.dom.append(this.rendering);
    void renderMath(this.rendering, node.attrs.tex as string, false);
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    if (node.attrs.tex !== this.node.attrs.tex)
      void renderMath(this.rendering, node.attrs.tex as string, false);
    this.node = node;
    if (this.field && this.field.value !== node.attrs.tex) this.field.value = node.attrs.tex as string;
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('ProseMirror-selectednode');
    if (!this.view.editable || this.field) return;
    const field = document.createElement('input');
    field.type = 'text';
    field.className = 'math-source';
    field.value = this.node.attrs.tex as string;
    field.setAttribute('aria-label', 'Math (TeX)');
    field.size = Math.max(4, field.value.length + 1);
    field.addEventListener('input', () => {
      const pos = this.getPos();
      field.size = Math.max(4, field.value.length + 1);
      if (pos === undefined || !field.value) return;
      const tr = this.view.state.tr.setNodeAttribute(pos, 'tex', field.value);
      this.view.dispatch(tr.setSelection(NodeSelection.create(tr.doc, pos)));
    });
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === 'Escape' || event.key === 'Tab') {
        event.preventDefault();
        this.leave();
      }
    });
    this.field = field;
    this.dom.prepend(field);
    requestAnimationFrame(() => field.focus());
  }

  private leave(): void {
    const pos = this.getPos();
    if (pos === undefined) return;
    this.view.dispatch(
      this.view.state.tr.setSelection(TextSelection.create(this.view.state.doc, pos + this.node.nodeSize))
    );
    this.view.focus();
  }

  deselectNode(): void {
    this.dom.classList.remove('ProseMirror-selectednode');
    this.field?.remove();
    this.field = null;
  }

  stopEvent(event: Event): boolean {
    return !!this.field && event.target === this.field;
  }

  ignoreMutation(): boolean {
    return true;
  }
}

/** Plain code block, as the schema draws it (for blocks that are not diagrams). */
function codeBlockView(node: PMNode): NodeView {
  const dom = document.createElement('pre');
  if (node.attrs.params) dom.dataset.info = node.attrs.params as string;
  const contentDOM = dom.appendChild(document.createElement('code'));
  return {
    dom,
    contentDOM,
    update: (next) => next.type === node.type && !isMermaid(next) && next.attrs.params === node.attrs.params
  };
}

/** The node views of rendered math and diagrams. */
export function renderNodeViews(): Record<
  string,
  (node: PMNode, view: EditorView, getPos: () => number | undefined) => NodeView
> {
  return {
    math_block: (node, view, getPos) => new RenderedBlockView(node, view, getPos),
    code_block: (node, view, getPos) =>
      isMermaid(node) ? new RenderedBlockView(node, view, getPos) : codeBlockView(node),
    math_inline: (node, view, getPos) => new InlineMathView(node, view, getPos)
  };
}
