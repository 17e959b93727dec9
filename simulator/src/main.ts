import { createInterface } from 'node:readline';
import { ArgsError, USAGE, parseArgs } from './args';
import { Fleet } from './fleet';
import { ChromiumMedia, type MediaDriver } from './media/driver';
import { provisionSpareDevices } from './inventory';
import { PATROL_COMMAND_USAGE } from './patrol';
import { provisionSimDevices } from './provision';

// `npm run simulate -- --devices N ...`: see USAGE in args.ts.

const say = (line: string) => console.info(`[sim] ${line}`);

async function main(): Promise<void> {
  let options;
  try {
    options = parseArgs(process.argv.slice(2), process.env);
  } catch (err) {
    console.error(err instanceof ArgsError ? `${err.message}\n\n${USAGE}` : err);
    process.exit(2);
  }
  if (!options) {
    console.info(USAGE);
    return;
  }
  const o = options;
  say(`server ${o.url}, organisation ${o.entId}`);
  const accounts = o.accounts ?? (await provisionSimDevices(o, say));
  if (o.demo && !o.command) {
    // The super admin, not the admin: its web login ends that account's open console, and
    // newcomers sign in as the admin or a dispatcher.
    await provisionSpareDevices({ ...o, admin: 'superadmin' }, say).catch((err: unknown) => say(`spare handsets not added: ${err instanceof Error ? err.message : String(err)}`));
  }
  let media: MediaDriver | null = null;
  if (o.media) {
    const startedAt = Date.now();
    try {
      media = await ChromiumMedia.start({ serverUrl: o.url, chromium: o.chromium, log: say });
      say(`media: a headless Chromium sends the devices' test audio and video (ready in ${Date.now() - startedAt} ms)`);
    } catch (err) {
      say(`media is off: ${err instanceof Error ? err.message : String(err)}. Listen and monitor fail, calls are declined as busy.`);
    }
  }
  say(`starting ${accounts.length} devices (${o.concurrency} logins at a time)...`);
  // Fences are staff-only: `cross` reads them as a console account. In the demo the super admin,
  // as for the spare handsets, so the admin's console stays signed in.
  const fenceReader = { url: o.url, entId: o.entId, admin: o.demo ? 'superadmin' : o.admin, adminPassword: o.adminPassword };
  // The console account also reads patrol nodes (their QR codes and methods: a member cannot).
  const fleet = new Fleet({ ...o, media, answer: { mode: o.answer, acceptAfterMs: o.answerAfterMs }, fenceReader }, say);

  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    say('stopping: devices go offline...');
    fleet
      .stop()
      .then(() => media?.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await fleet.start(accounts);

  if (o.command) {
    // One-shot `patrol <account> ...`: walk the run, then leave with what it came to.
    const outcome = await fleet.patroller.command(o.command);
    say(outcome.said);
    await fleet.stop().catch(() => undefined);
    await media?.close();
    process.exit(outcome.ok ? 0 : 1);
  }

  // Commands typed on stdin; without a terminal (a child of `npm start`) stdin may simply end.
  const input = createInterface({ input: process.stdin });
  input.on('line', (line) => {
    const words = line.trim().split(/\s+/);
    const [word, arg, arg2] = words;
    if (word === 'sos') say(fleet.sos(arg));
    else if (word === 'cross') void fleet.cross(arg, Number(arg2)).then(say);
    else if (word === 'patrol') void fleet.patrol(words.slice(1)).then((outcome) => say(outcome.said));
    else if (word === 'status') say(fleet.status());
    else if (word === 'quit' || word === 'exit') stop();
    else if (word) say(`commands: sos [account], cross <account> <fenceId>, ${PATROL_COMMAND_USAGE}, status, quit`);
  });
}

main().catch((err: unknown) => {
  console.error('[sim] failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
