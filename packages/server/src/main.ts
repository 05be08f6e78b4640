import { createProgressReporter } from '@marketlens/shared';
import { buildApp } from './app.js';
import { ensureDemoProjects, ensureRootAccount } from './bootstrap/accounts.js';
import { ensureDataDir, loadOrCreateSigningKey } from './bootstrap/data-dir.js';
import { ensureDemoData } from './bootstrap/demo-data.js';
import { ConfigError, loadConfig, redactUrl } from './config.js';
import { openMetadata } from './metadata/index.js';
import { applyCpuScheduling } from './scheduling.js';
import { APP_VERSION } from './version.js';
import { openWarehouse } from './warehouse/index.js';

/**
 * `npm start` ends here: validate the configuration, open both stores, prepare the data folder
 * on first start (demo data, root account, demo projects), serve, and shut down gracefully.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`MarketLens ${APP_VERSION}`);
  say(`  data folder: ${config.dataDir}`);
  // First, before the stores start their threads (they inherit the policy).
  const scheduling = applyCpuScheduling(config.cpuScheduling);
  say(`  scheduling:  ${scheduling.applied ? 'batch' : `normal (${scheduling.reason})`}`);

  ensureDataDir(config.dataDir);
  const signingKey = loadOrCreateSigningKey(config.dataDir, config.tokenSigningKey);
  const metadata = await openMetadata(config.metadataUrl);
  say(
    `  metadata:    ${metadata.dialect} ${metadata.dialect === 'sqlite' ? config.metadataUrl : redactUrl(config.metadataUrl)}`,
  );
  const warehouse = await openWarehouse(config);
  say(`  warehouse:   ${warehouse.engine} ${redactUrl(config.warehouseUrl)}`);

  const progress = createProgressReporter({
    write: (s) => process.stdout.write(s),
    isTTY: Boolean(process.stdout.isTTY),
  });
  const loaded = await ensureDemoData(config, warehouse, progress);
  if (loaded.length > 0) say(`✓ demo data (${config.demoScale}) loaded: ${loaded.join(', ')}`);

  const root = await ensureRootAccount(metadata, config.dataDir, config.rootPassword);
  if (root.generatedPassword) {
    say('');
    say('  Root account created. Sign in with:');
    say('    username: root');
    say(`    password: ${root.generatedPassword}`);
    say(`  This is shown once; it is also in ${root.passwordFile} (readable only by you).`);
    say('');
  } else if (root.created) {
    say('✓ root account created with ROOT_PASSWORD');
  }
  const projects = await ensureDemoProjects(metadata, warehouse);
  if (projects.length > 0) say(`✓ demo projects created for ${projects.join(', ')}`);

  const app = await buildApp({ config, metadata, warehouse, version: APP_VERSION, signingKey });
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  say(`✓ MarketLens is serving on http://${shown}:${config.port}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let in-flight requests finish, then close the stores; never hang forever.
    const force = setTimeout(() => {
      process.stderr.write('shutdown took longer than 15 s; exiting\n');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await app.close();
      await warehouse.close();
      await metadata.close();
      process.exit(0);
    } catch (err) {
      process.stderr.write(`error during shutdown: ${String(err)}\n`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `MarketLens failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
