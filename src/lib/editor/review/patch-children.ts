/*
 * Puts a fresh drawing into an element that shows an earlier drawing of the same content, changing
 * only what differs. A streamed suggestion's text grows by a few words each frame: replacing its
 * elements every time makes the browser drop them, and style and lay out new ones; patched, the
 * paragraph stays and only its last text node gets longer.
 *
 * Nodes are matched in order. A text node takes the new text; an element is kept when the new one
 * has the same tag and the same attributes (its children are patched in turn), else the new one
 * takes its place; what is left over goes, and what is missing is appended. Only attributes are
 * compared: the drawings come from the schema's toDOM (DOMSerializer), which sets nothing else.
 */

function sameAttributes(a: Element, b: Element): boolean {
  if (a.attributes.length !== b.attributes.length) return false;
  for (const attr of b.attributes) {
    if (a.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) return false;
  }
  return true;
}

/** Whether `kept` can show `drawn` by a change of its text or of its children. */
function sameShell(kept: Node, drawn: Node): boolean {
  if (kept.nodeType !== drawn.nodeType) return false;
  if (kept.nodeType === Node.TEXT_NODE || kept.nodeType === Node.COMMENT_NODE) return true;
  if (kept.nodeType !== Node.ELEMENT_NODE) return false;
  const [a, b] = [kept as Element, drawn as Element];
  return a.namespaceURI === b.namespaceURI && a.localName === b.localName && sameAttributes(a, b);
}

/**
 * Makes `target`'s children show what `drawing`'s children show (a detached drawing, whose nodes
 * are moved into `target` where needed; it is left in pieces).
 */
export function patchChildren(target: Node, drawing: Node): void {
  let kept = target.firstChild;
  let drawn = drawing.firstChild;
  while (drawn) {
    const nextDrawn: ChildNode | null = drawn.nextSibling;
    if (kept && sameShell(kept, drawn)) {
      if (kept.nodeType === Node.ELEMENT_NODE) patchChildren(kept, drawn);
      else if (kept.nodeValue !== drawn.nodeValue) kept.nodeValue = drawn.nodeValue;
      kept = kept.nextSibling;
    } else if (kept) {
      const replaced: ChildNode = kept;
      kept = kept.nextSibling;
      target.replaceChild(drawn, replaced);
    } else {
      target.appendChild(drawn);
    }
    drawn = nextDrawn;
  }
  while (kept) {
    const extra: ChildNode = kept;
    kept = kept.nextSibling;
    target.removeChild(extra);
  }
}
