import { fillTemplate, inlineStyleSheets } from './ssr-bundle';

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

describe('inlineStyleSheets', () => {
  const sheets: Record<string, string> = {
    'static/css/index-abc.css': 'body{margin:0}',
    'static/css/destination-x_1.css': '.a::after{content:"</style>"}',
  };
  const read = (file: string) => sheets[file] ?? null;

  it("puts the build's style sheets in the page, in their place, and keeps other links", () => {
    const html =
      '<link rel="icon" href="/favicon.svg"><link rel="stylesheet" crossorigin href="/static/css/index-abc.css">' +
      '<link rel="modulepreload" crossorigin href="/static/js/a.js">' +
      '<link rel="stylesheet" crossorigin href="/static/css/destination-x_1.css">';
    expect(inlineStyleSheets(html, read)).toBe(
      '<link rel="icon" href="/favicon.svg"><style data-href="/static/css/index-abc.css">body{margin:0}</style>' +
        '<link rel="modulepreload" crossorigin href="/static/js/a.js">' +
        '<style data-href="/static/css/destination-x_1.css">.a::after{content:"<\\/style>"}</style>',
    );
  });

  it('keeps the link of a sheet it cannot read, and any sheet from elsewhere', () => {
    const html =
      '<link rel="stylesheet" href="/static/css/missing.css"><link rel="stylesheet" href="https://cdn.example/x.css">';
    expect(inlineStyleSheets(html, read)).toBe(html);
  });
});
