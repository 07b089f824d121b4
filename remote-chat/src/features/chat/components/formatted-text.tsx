import type { ReactNode } from 'react';
import { MENTION_ALL } from '@chat/contracts';
import { mentionLabel, parseFormattedText, type TextNode } from '../../../shared/format-text';
import styles from './message-bubble.module.css';

type NameOf = (id: string) => string | undefined;

function render(nodes: TextNode[], nameOf: NameOf, meId: string | undefined): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={index}>{render(node.children, nameOf, meId)}</strong>;
      case 'italic':
        return <em key={index}>{render(node.children, nameOf, meId)}</em>;
      case 'strike':
        return <s key={index}>{render(node.children, nameOf, meId)}</s>;
      case 'mention':
        return (
          <span key={index} className={styles.mention} data-me={node.target === meId || node.target === MENTION_ALL ? '' : undefined}>
            {mentionLabel(node.target, nameOf)}
          </span>
        );
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {node.text}
          </a>
        );
    }
  });
}

const noName: NameOf = () => undefined;

/** A message's text with its formatting and mentions (as names), as React elements (never injected HTML). */
export function FormattedText({ text, nameOf = noName, meId }: { text: string; nameOf?: NameOf; meId?: string }) {
  return <>{render(parseFormattedText(text), nameOf, meId)}</>;
}
