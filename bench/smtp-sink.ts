// The benchmarks' SMTP server: it speaks enough ESMTP for the notification service's pooled
// nodemailer transport (EHLO with PIPELINING, MAIL, RCPT, DATA, RSET, NOOP, QUIT), accepts every
// message and counts its recipients; it keeps nothing. A deployment's mail server runs on other
// machines; this one shares the cores being measured, so it does only what a message needs to be
// accepted (smtp-server, which the development mail catcher uses, costs several times as much per
// message).
import net from 'node:net';

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

const DATA_END = Buffer.from('\r\n.\r\n');

/** Starts the sink on a free loopback port; `onMessage` gets each accepted message's recipients. */
export function startSmtpSink(onMessage: (recipients: string[]) => void): Promise<SmtpSink> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    let pending: Buffer = Buffer.alloc(0);
    let inData = false;
    let recipients: string[] = [];
    const replies: string[] = [];
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') replies.push('250-bench sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 10485760\r\n');
      else if (verb === 'HELO' || verb === 'NOOP') replies.push('250 OK\r\n');
      else if (verb === 'MAIL' || verb === 'RSET') {
        recipients = [];
        replies.push('250 OK\r\n');
      } else if (verb === 'RCPT') {
        const address = /<([^>]*)>/.exec(line)?.[1];
        if (address === undefined) replies.push('501 Syntax error\r\n');
        else {
          recipients.push(address);
          replies.push('250 OK\r\n');
        }
      } else if (verb === 'DATA') {
        if (recipients.length === 0) replies.push('503 No recipients\r\n');
        else {
          replies.push('354 End data with <CR><LF>.<CR><LF>\r\n');
          inData = true;
        }
      } else if (verb === 'QUIT') {
        replies.push('221 Bye\r\n');
        socket.end(replies.splice(0).join(''));
      } else replies.push('502 Not implemented\r\n');
    };
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (inData) {
          // The message starts right after the DATA line, so its end is the first CRLF.CRLF
          // (a message line that starts with a dot is sent with a second dot).
          const end = pending.indexOf(DATA_END);
          if (end < 0) {
            // Keep only what may begin the terminator; the body itself is not needed.
            if (pending.length > 4) pending = pending.subarray(pending.length - 4);
            break;
          }
          pending = pending.subarray(end + DATA_END.length);
          inData = false;
          onMessage(recipients);
          recipients = [];
          replies.push('250 OK: accepted\r\n');
          continue;
        }
        const eol = pending.indexOf('\r\n');
        if (eol < 0) break;
        const line = pending.toString('latin1', 0, eol);
        pending = pending.subarray(eol + 2);
        command(line);
        if (inData) {
          // The terminator may follow at once (an empty message): look for it from the CRLF before.
          pending = Buffer.concat([Buffer.from('\r\n'), pending]);
        }
      }
      if (replies.length > 0 && !socket.destroyed && socket.writable) socket.write(replies.splice(0).join(''));
    });
    socket.write('220 bench sink ESMTP\r\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
