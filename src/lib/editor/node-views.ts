/*
 * Node views: list items show a clickable checkbox when they are tasks, images whose source
 * is a Folio resource (`:/id`) are shown through a URL the app resolves (a blob: URL), and math
 * and Mermaid diagrams are rendered (render/render-views.ts).
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { EditorView, NodeView, NodeViewConstructor } from 'prosemirror-view';
import { setTaskChecked } from './task-commands';
import { renderNodeViews } from './render/render-views';

/** Resolves a resource id to a URL that can be shown (blob: URL), or undefined when unknown. */
export type ResolveResourceUrl = (id: string) => Promise<string | undefined>;

/** The 32-hex id in a `:/id` link target, or null for any other target. */
export function resourceId(href: string): string | null {
  const match = /^:\/([0-9a-fA-F]{32})$/.exec(href);
  return match ? match[1].toLowerCase() : null;
}

class ListItemView implements NodeView {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  private checkbox: HTMLInputElement | null = null;

  constructor(
    private node: PMNode,
    view: EditorView,
    getPos: () => number | undefined
  ) {
    this.dom = document.createElement('li');
    if (node.attrs.checked === null) {
      this.contentDOM = this.dom;
      return;
    }
    this.dom.className = 'task-item';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.contentEditable = 'false';
    box.setAttribute('aria-label', 'Done');
    // Keep the editor selection where it is: the click toggles, it does not move the cursor.
    box.addEventListener('mousedown', (event) => event.preventDefault());
    // The browser toggles the box itself; the transaction then records the same state.
    box.addEventListener('click', (event) => {
      const pos = getPos();
      if (pos === undefined || !view.editable) {
        event.preventDefault();
        return;
      }
      const tr = setTaskChecked(view.state, pos, !this.node.attrs.checked);
      if (tr) view.dispatch(tr);
    });
    this.checkbox = box;
    this.contentDOM = document.createElement('div');
    this.contentDOM.className = 'task-content';
    this.dom.append(box, this.contentDOM);
    this.sync();
  }

  private sync(): void {
    if (!this.checkbox) return;
    const checked = this.node.attrs.checked === true;
    this.checkbox.checked = checked;
    this.dom.dataset.checked = String(checked);
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    if ((node.attrs.checked === null) !== (this.node.attrs.checked === null)) return false;
    this.node = node;
    this.sync();
    return true;
  }

  ignoreMutation(mutation: { target: Node; type: string }): boolean {
    return this.checkbox !== null && mutation.target === this.checkbox;
  }

  stopEvent(event: Event): boolean {
    return this.checkbox !== null && event.target === this.checkbox;
  }
}

class ImageView implements NodeView {
  dom: HTMLImageElement;
  private destroyed = false;

  constructor(
    private node: PMNode,
    resolve: ResolveResourceUrl | undefined
  ) {
    this.dom = document.createElement('img');
    this.setText(node);
    const src = node.attrs.src as string;
    const id = resourceId(src);
    if (!id) {
      this.dom.src = src;
      return;
    }
    this.dom.dataset.resourceId = id;
    this.dom.classList.add('resource-pending');
    void (resolve?.(id) ?? Promise.resolve(undefined)).then(
      (url) => this.show(url),
      () => this.show(undefined)
    );
  }

  private setText(node: PMNode): void {
    this.dom.alt = node.attrs.alt as string;
    if (node.attrs.title) this.dom.title = node.attrs.title as string;
    else this.dom.removeAttribute('title');
  }

  private show(url: string | undefined): void {
    if (this.destroyed) return;
    this.dom.classList.remove('resource-pending');
    if (url) this.dom.src = url;
    else this.dom.classList.add('resource-missing');
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type || node.attrs.src !== this.node.attrs.src) return false;
    this.node = node;
    this.setText(node);
    return true;
  }

  destroy(): void {
    this.destroyed = true;
  }
}

/** The node views of the note editor. */
export function editorNodeViews(
  resolve: ResolveResourceUrl | undefined
): Record<string, NodeViewConstructor> {
  return {
    ...renderNodeViews(),
    list_item: (node, view, getPos) => new ListItemView(node, view, getPos),
    image: (node) => new ImageView(node, resolve)
  };
}
