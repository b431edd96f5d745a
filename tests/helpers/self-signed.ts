import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A throwaway self-signed certificate for the name `localhost` only (not for 127.0.0.1), made with openssl at
// test time, so a test can serve https that only a process told to trust it (NODE_EXTRA_CA_CERTS=certPath)
// accepts, and only under that name.

export interface SelfSignedCertificate {
  key: string;
  cert: string;
  certPath: string;
  remove(): void;
}

export function selfSignedCertificate(): SelfSignedCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'jev-cert-'));
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
  execFileSync(
    '/usr/bin/openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost', '-keyout', keyPath, '-out', certPath],
    ],
    { stdio: 'ignore' },
  );
  return {
    key: readFileSync(keyPath, 'utf8'),
    cert: readFileSync(certPath, 'utf8'),
    certPath,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
