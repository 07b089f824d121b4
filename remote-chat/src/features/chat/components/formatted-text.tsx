import type { ReactNode } from 'react';
import { parseFormattedText, type TextNode } from '../lib/format-text';

function render(nodes: TextNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={index}>{render(node.children)}</strong>;
      case 'italic':
        return <em key={index}>{render(node.children)}</em>;
      case 'strike':
        return <s key={index}>{render(node.children)}</s>;
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {node.text}
          </a>
        );
    }
  });
}

/** A message's text with its formatting, as React elements (never injected HTML). */
export function FormattedText({ text }: { text: string }) {
  return <>{render(parseFormattedText(text))}</>;
}
