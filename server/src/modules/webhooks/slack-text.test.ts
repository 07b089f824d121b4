import { describe, expect, it } from 'vitest';
import { slackToPapoText } from './slack-text';

describe('slackToPapoText', () => {
  it('keeps the emphasis marks Papo shares with Slack', () => {
    expect(slackToPapoText('*Deploy* _concluído_ ~sem~ erros')).toBe('*Deploy* _concluído_ ~sem~ erros');
  });

  it('turns labelled links into "label (url)" and bare ones into the url', () => {
    expect(slackToPapoText('Veja <https://ci.empresa.com/build/42|o build 42> e <https://status.empresa.com>')).toBe(
      'Veja o build 42 (https://ci.empresa.com/build/42) e https://status.empresa.com',
    );
    expect(slackToPapoText('<https://x.com|https://x.com>')).toBe('https://x.com');
    expect(slackToPapoText('Fale com <mailto:ti@empresa.com|a TI>')).toBe('Fale com a TI');
  });

  it('makes mentions and references plain text, and unescapes &, < and >', () => {
    expect(slackToPapoText('<!here> <@U123|ana> em <#C9|geral>')).toBe('@here @ana em #geral');
    expect(slackToPapoText('a &lt; b &amp;&amp; c &gt; d')).toBe('a < b && c > d');
    expect(slackToPapoText('<https://x.com/?a=1&amp;b=2|busca>')).toBe('busca (https://x.com/?a=1&b=2)');
  });

  it('leaves a lone bracket alone and trims the ends', () => {
    expect(slackToPapoText('  3 < 4 e 5 > 2  ')).toBe('3 < 4 e 5 > 2');
  });
});
