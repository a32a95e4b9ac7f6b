// Development mail catcher (in the spirit of Mailpit): an SMTP server that keeps what it receives in memory,
// and an HTTP API and page to read it. Plain JS so it runs without a build; tests start it in-process on port 0.
// CommonJS, so that Jest (which loads test code as CommonJS) can load it too.
const { createServer } = require('node:http');
const mailparser = require('mailparser');
const smtpServer = require('smtp-server');

// Memory stays bounded however long a developer leaves it running.
const MAX_MESSAGES = 1000;

const escapeHtml = (value) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address().port);
    });
  });
}

function page(messages) {
  const rows = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p><b>From</b> ${escapeHtml(m.from)} · <b>To</b> ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.date)}${m.html ? ` · <a href="/messages/${m.id}.html">HTML</a>` : ''}</p>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Mail catcher (${messages.length})</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem}article{border-bottom:1px solid #ccc}pre{white-space:pre-wrap}</style>
</head><body><h1>Mail catcher</h1>${rows || '<p>No messages yet.</p>'}</body></html>`;
}

/**
 * Starts the SMTP server (no auth, no TLS) and the HTTP API. Port 0 picks a free port; the chosen ports are returned.
 * HTTP: GET /api/messages (newest first; ?to=address filters), DELETE /api/messages, GET / (a readable list).
 */
async function startMailcatcher({ smtpPort = 1025, httpPort = 8025, host = '127.0.0.1' } = {}) {
  let messages = [];
  let nextId = 1;

  const smtp = new smtpServer.SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      mailparser
        .simpleParser(stream)
        .then((parsed) => {
          messages.unshift({
            id: String(nextId++),
            from: parsed.from?.text ?? session.envelope.mailFrom?.address ?? '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            date: (parsed.date ?? new Date()).toISOString(),
            text: parsed.text ?? '',
            html: parsed.html || null,
          });
          messages = messages.slice(0, MAX_MESSAGES);
          callback();
        })
        .catch(callback);
    },
  });

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailcatcher');
    const send = (status, type, body) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    if (url.pathname === '/api/messages' && request.method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? messages.filter((m) => m.to.some((address) => address.toLowerCase() === to)) : messages;
      return send(200, 'application/json', JSON.stringify(found));
    }
    if (url.pathname === '/api/messages' && request.method === 'DELETE') {
      const deleted = messages.length;
      messages = [];
      return send(200, 'application/json', JSON.stringify({ deleted }));
    }
    const htmlOf = /^\/messages\/(\d+)\.html$/.exec(url.pathname);
    if (htmlOf && request.method === 'GET') {
      const message = messages.find((m) => m.id === htmlOf[1]);
      return message?.html ? send(200, 'text/html; charset=utf-8', message.html) : send(404, 'text/plain', 'Not found');
    }
    if (url.pathname === '/' && request.method === 'GET') return send(200, 'text/html; charset=utf-8', page(messages));
    return send(404, 'application/json', JSON.stringify({ message: 'Not found' }));
  });

  const boundSmtpPort = await listen(smtp.server, smtpPort, host);
  const boundHttpPort = await listen(http, httpPort, host).catch(async (error) => {
    await new Promise((resolve) => smtp.close(resolve));
    throw error;
  });

  return {
    smtpPort: boundSmtpPort,
    httpPort: boundHttpPort,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => {
          http.closeAllConnections();
          http.close(() => resolve());
        }),
      ]).then(() => undefined),
  };
}

exports.startMailcatcher = startMailcatcher;

if (require.main === module) {
  startMailcatcher({
    smtpPort: Number(process.env.MAILCATCHER_SMTP_PORT ?? 1025),
    httpPort: Number(process.env.MAILCATCHER_HTTP_PORT ?? 8025),
    host: process.env.MAILCATCHER_HOST ?? '127.0.0.1',
  }).then((catcher) => {
    console.log(`mail catcher: SMTP on port ${catcher.smtpPort}, messages at http://localhost:${catcher.httpPort}`);
    const stop = () => catcher.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
