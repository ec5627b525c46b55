// Builds the web app for the Android shell and copies it into the native project (`cap sync android`).
// The native app is not served by our server, so it must be told where the API lives: VITE_API_URL,
// the address the web API client reads (src/web/lib/api-client.ts).
import { execFileSync } from 'node:child_process';

const apiUrl = process.env.VITE_API_URL?.trim();
if (!apiUrl || !/^https?:\/\//.test(apiUrl)) {
  console.error('Set VITE_API_URL to the server the app talks to, e.g. VITE_API_URL=https://freshcart.example.com npm run build:native');
  process.exit(1);
}

const run = (args) => execFileSync('npx', args, { stdio: 'inherit', env: { ...process.env, VITE_API_URL: apiUrl.replace(/\/+$/, '') } });
run(['vite', 'build']);
run(['cap', 'sync', 'android']);
