// `npm run build` (and build:renderer): the wallet page's scripts and icons into out/wallet, which
// a packaged app serves (it has no source tree to bundle from).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWallet, iconSource, walletIconSizes, walletOutDir } from './wallet-bundle.mjs';

mkdirSync(join(walletOutDir, 'icons'), { recursive: true });
const files = await bundleWallet();
for (const [name, text] of Object.entries(files)) writeFileSync(join(walletOutDir, name), text);
for (const size of walletIconSizes)
  copyFileSync(iconSource(size), join(walletOutDir, 'icons', `${size}.png`));
