// The baseline of the site bench: a bare Node HTTP server answering one fixed page made by a
// bare renderToString of the same site document (the built SSR bundle) on every request, in its
// own process, pinned like the product. The input comes from the product's public JSON API.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.ROOT;
const input = JSON.parse(process.env.SITE_INPUT);
const { renderSiteDocument } = await import(pathToFileURL(path.join(root, 'apps/web/dist-site/server/render.js')).href);
http
  .createServer((_req, res) => {
    const html = renderSiteDocument(input);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
