import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseMarkdown, parseStructure, serializeBlock, stripSources } from './index';
const files = (process.env.DBG_FILES ?? '').split(',').filter(Boolean);
const inline = process.env.DBG_MD ? [JSON.parse(process.env.DBG_MD)] : [];
it('dbg', () => {
  for (const md of [...files.map((f) => readFileSync(f, 'utf8')), ...inline]) {
    const doc = parseMarkdown(md);
    doc.forEach((node) => {
      const text = serializeBlock(node);
      const back = parseStructure(text);
      const bare = stripSources(doc.type.create(null, node)).firstChild!;
      if (back.childCount !== 1 || !back.firstChild!.eq(bare)) {
        console.log('SOURCE:\n' + (node.attrs.source?.text ?? '') + '\nFRESH:\n' + text);
        console.log('WANT', JSON.stringify(bare.toJSON()).slice(0, 600));
        console.log('GOT ', JSON.stringify(back.toJSON().content).slice(0, 600));
      }
    });
  }
});
it('dbg-join', () => {
  for (const md of [...files.map((f) => readFileSync(f, 'utf8')), ...inline]) {
    const doc = parseMarkdown(md);
    const blocks: string[] = [];
    doc.forEach((node) => blocks.push(serializeBlock(node)));
    const back = parseStructure(blocks.join('\n\n') + '\n');
    const want = stripSources(doc);
    for (let i = 0; i < Math.max(want.childCount, back.childCount); i++) {
      const a = want.maybeChild(i), b = back.maybeChild(i);
      if (!a || !b || !a.eq(b)) {
        console.log('JOIN DIFF at', i, '\nTEXT:\n' + blocks.slice(Math.max(0, i - 1), i + 2).join('\n\n'));
        console.log('WANT', JSON.stringify(a?.toJSON()).slice(0, 400));
        console.log('GOT ', JSON.stringify(b?.toJSON()).slice(0, 400));
        break;
      }
    }
  }
});
