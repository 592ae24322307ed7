/** The studio's page: its bundled script and stylesheet (see bundle.ts). */
export function studioDocument(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Studio</title>
    <link rel="stylesheet" href="/__studio/app.css" />
  </head>
  <body>
    <div id="studio"></div>
    <script type="module" src="/__studio/app.js"></script>
  </body>
</html>
`;
}
