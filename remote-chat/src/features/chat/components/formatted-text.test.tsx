import { renderWithQuery } from '../../../test/render';
import { describe, expect, it } from 'vitest';
import { FormattedText } from './formatted-text';

const html = (text: string) => {
  const { container, unmount } = renderWithQuery(<FormattedText text={text} />);
  const markup = container.innerHTML;
  unmount();
  return markup;
};

describe('FormattedText', () => {
  it('renders *bold*, _italic_ and ~strike~', () => {
    expect(html('a *negrito* b')).toBe('a <strong>negrito</strong> b');
    expect(html('_itálico_')).toBe('<em>itálico</em>');
    expect(html('~riscado~ fim')).toBe('<s>riscado</s> fim');
  });

  it('nests markers', () => {
    expect(html('*negrito _e itálico_*')).toBe('<strong>negrito <em>e itálico</em></strong>');
    expect(html('_~ambos~_')).toBe('<em><s>ambos</s></em>');
  });

  it('leaves unbalanced or word-internal markers as text', () => {
    expect(html('*sem fim')).toBe('*sem fim');
    expect(html('2 * 3 * 4')).toBe('2 * 3 * 4');
    expect(html('nome_de_arquivo.txt')).toBe('nome_de_arquivo.txt');
    expect(html('*a _b* c_')).toBe('<strong>a _b</strong> c_');
    expect(html('**')).toBe('**');
  });

  it('renders HTML in a message as text, never as markup', () => {
    const { container } = renderWithQuery(<FormattedText text={'<script>alert(1)</script><img src=x onerror=alert(1)>'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<script>alert(1)</script><img src=x onerror=alert(1)>');
  });

  it('links http and https words in a new tab with rel noopener', () => {
    const { container } = renderWithQuery(<FormattedText text="veja https://exemplo.com/a?b=1 e http://x.org." />);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://exemplo.com/a?b=1', 'http://x.org/']);
    expect(links[1]!.textContent).toBe('http://x.org');
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(container.textContent).toBe('veja https://exemplo.com/a?b=1 e http://x.org.');
  });

  it('never links javascript:, data: or other schemes', () => {
    const { container } = renderWithQuery(<FormattedText text="javascript:alert(1) data:text/html,x ftp://x.org https:// httpsx://a.b" />);
    expect(container.querySelector('a')).toBeNull();
  });

  it('links inside formatting, and not in the middle of a word', () => {
    expect(html('*https://a.com*')).toBe(
      '<strong><a href="https://a.com/" target="_blank" rel="noopener noreferrer">https://a.com</a></strong>',
    );
    const { container } = renderWithQuery(<FormattedText text="xhttps://a.com" />);
    expect(container.querySelector('a')).toBeNull();
  });
});
