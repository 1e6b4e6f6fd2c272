// The operator command (`npm run admin -- <command>`): see modules/organizer/admin-cli.ts.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { ADMIN_USAGE, OPERATOR_TOKEN_FILE, runAdmin } from './modules/organizer/index';

const main = async (): Promise<number> => {
  const config = loadConfig();
  const argv = process.argv.slice(2);
  if (!argv[0] || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(ADMIN_USAGE);
    return 0;
  }
  const urlArg = argv.indexOf('--url');
  const baseUrl = urlArg >= 0 && argv[urlArg + 1] ? argv[urlArg + 1]! : `http://127.0.0.1:${config.PORT}`;
  const tokenFile = path.join(config.dataDir, OPERATOR_TOKEN_FILE);
  const token = config.ADMIN_TOKEN ?? (fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : '');
  if (!token) {
    process.stderr.write(
      `No operator token: set ADMIN_TOKEN, or start the server once with this DATA_DIR (it writes ${tokenFile}).\n`,
    );
    return 1;
  }
  try {
    return await runAdmin(argv, { baseUrl, token, out: (line) => process.stdout.write(`${line}\n`) });
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause;
    if (cause?.code === 'ECONNREFUSED')
      process.stderr.write(`The server is not running at ${baseUrl} (start it with npm start, or pass --url).\n`);
    else process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
};

main().then((code) => process.exit(code));
