import { fillTemplate } from './ssr-bundle';

describe('fillTemplate', () => {
  it('puts the rendered head, markup and data in their slots, keeping $-sequences literal', () => {
    const template = '<head><!--app-head--></head><div id="root"><!--app-html--></div><!--app-data-->';
    const page = fillTemplate(template, {
      head: '<title>$& A</title>',
      html: "<p>$' $1</p>",
      data: '<script>1</script>',
    });
    expect(page).toBe('<head><title>$& A</title></head><div id="root"><p>$\' $1</p></div><script>1</script>');
  });
});
