/**
 * One rollup output per artifact in build/artifacts.mjs whose entry exists. Everything
 * about how an artifact is bundled lives in build/bundle.mjs; this file only selects.
 * Output root: dist/, or STOPLINE_DIST=<dir> (the freshness test builds into a temp folder).
 * STOPLINE_ONLY=<id,id> builds some artifacts only (working on one adapter while another is half-written).
 */
import type { RollupOptions } from 'rollup';
import { isBundled, partitionArtifacts, selectArtifacts, skipLine } from './build/artifacts.mjs';
import { rollupOptionsFor } from './build/bundle.mjs';

const { present, missing } = partitionArtifacts(selectArtifacts());
for (const artifact of missing) console.error(`stopline build: ${skipLine(artifact)}`);
const bundled = present.filter(isBundled);
if (bundled.length === 0) throw new Error('stopline build: no artifact entry exists; nothing to bundle');

// static artifacts (the installer) are copied by build/finish.mjs, not bundled
const config: RollupOptions[] = bundled.map((artifact) => rollupOptionsFor(artifact));
export default config;
