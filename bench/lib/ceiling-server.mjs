// The ceiling: a bare node:http server answering the captured status, headers and bytes to every request.
import { createServer } from 'node:http';

process.once('message', ({ status, headers, body }) => {
  const bytes = Buffer.from(body, 'base64');
  const all = { ...headers, 'content-length': String(bytes.length) };
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(status, all);
    res.end(bytes);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
});
