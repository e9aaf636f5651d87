import { Fragment, type CSSProperties } from 'react';
import { Text } from '@react-email/text';
import { textStyle } from './layout.tsx';

// People's words and agent-1's markdown in emails keep their lines in both parts: the text part is
// made from the HTML, where white space collapses, so line breaks are <br> and list items <li>.

/** Text as written, each line break a <br> (React escapes every line). */
export function Lines(props: { text: string; style: CSSProperties }) {
  const lines = props.text.split(/\r?\n/);
  return (
    <Text style={props.style}>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}

/** A markdown list item: `- `, `* `, `+ ` or `1. ` before the words. */
const ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;

/** Groups markdown lines into paragraphs and lists: runs of list items become one list. Pure. */
export function markdownBlocks(text: string): Array<{ kind: 'list'; items: string[] } | { kind: 'line'; text: string }> {
  const blocks: Array<{ kind: 'list'; items: string[] } | { kind: 'line'; text: string }> = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const item = ITEM.exec(line)?.[1];
    const last = blocks.at(-1);
    if (item === undefined) blocks.push({ kind: 'line', text: line });
    else if (last?.kind === 'list') last.items.push(item);
    else blocks.push({ kind: 'list', items: [item] });
  }
  return blocks;
}

const listStyle: CSSProperties = { ...textStyle, margin: '8px 0', paddingLeft: '22px' };

/** A short markdown text (agent-1's scope list) as paragraphs and bulleted lists; the markup itself stays text. */
export function MarkdownList(props: { text: string }) {
  return (
    <>
      {markdownBlocks(props.text).map((block, i) =>
        block.kind === 'line' ? (
          <Text key={i} style={{ ...textStyle, margin: '4px 0' }}>
            {block.text}
          </Text>
        ) : (
          <ul key={i} style={listStyle}>
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}
