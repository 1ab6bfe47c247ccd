// The generated standard parts read back by readers no one here wrote (issue 16):
// - OpenCascade (npm occt-import-js) reads every fixture's STEP: no "Unresolved Reference" or other
//   failure message, the bounding box and the volume of its tessellation within 1 % of the row's;
// - the Khronos glTF validator (npm gltf-validator) finds no error in the GLB;
// - ezdxf (PyPI) reads the DXF without audit errors and finds the dimension lines and every key
//   dimension's text.
// The files come from `cargo run -p part-geometry --example export` for each row of
// backends/part-geometry/tests/fixtures/variants.json. A reader that is not installed reports its
// cases as skipped, never as passed.
//
// Usage: node scripts/part-geometry-check.mjs [--junit reports/part-geometry.xml]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { writeJunit } from './junit.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const junitIndex = process.argv.indexOf('--junit');
const junitFile = junitIndex > 0 ? process.argv[junitIndex + 1] : undefined;
const variants = JSON.parse(fs.readFileSync(path.join(root, 'backends/part-geometry/tests/fixtures/variants.json'), 'utf8'));
const TOLERANCE = 0.01;

/** @type {{ name: string, failure?: string, skipped?: string }[]} */
const cases = [];
const record = (name, outcome) => {
  cases.push({ name, ...outcome });
  const mark = outcome.failure !== undefined ? 'FAIL' : outcome.skipped !== undefined ? 'skip' : 'ok';
  console.log(`${mark.padEnd(4)} ${name}${(outcome.failure ?? outcome.skipped) ? `: ${outcome.failure ?? outcome.skipped}` : ''}`);
};

function optional(load, what) {
  try {
    return { module: load() };
  } catch (error) {
    return { missing: `${what} is not installed (${String(error.message).split('\n')[0]})` };
  }
}

// Build the example once, then run its binary per variant.
const build = spawnSync('cargo', ['build', '-q', '-p', 'part-geometry', '--example', 'export'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  record('build the export example', { failure: `cargo build exited with ${build.status}` });
  finish();
}
const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(root, process.env.CARGO_TARGET_DIR) : path.join(root, 'target');
const exporter = path.join(targetDir, 'debug', 'examples', 'export');
const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'part-geometry-'));

const occtLoader = optional(() => require('occt-import-js'), 'npm occt-import-js');
const validatorLoader = optional(() => require('gltf-validator'), 'npm gltf-validator');
const ezdxfProbe = spawnSync('python3', ['-c', 'import ezdxf; print(ezdxf.__version__)'], { encoding: 'utf8' });
const ezdxfMissing = ezdxfProbe.status === 0 ? undefined : 'PyPI ezdxf is not installed';

const occtMessages = [];
const occt = occtLoader.module ? await occtLoader.module({ print: (text) => occtMessages.push(text), printErr: (text) => occtMessages.push(text) }) : undefined;

function meshFigures(meshes) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let volume = 0;
  for (const mesh of meshes) {
    const p = mesh.attributes.position.array;
    for (let i = 0; i < p.length; i += 3) {
      for (let axis = 0; axis < 3; axis++) {
        min[axis] = Math.min(min[axis], p[i + axis]);
        max[axis] = Math.max(max[axis], p[i + axis]);
      }
    }
    const index = mesh.index.array;
    for (let t = 0; t < index.length; t += 3) {
      const [a, b, c] = [index[t] * 3, index[t + 1] * 3, index[t + 2] * 3];
      volume +=
        (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) /
        6;
    }
  }
  return { min, max, volume };
}

function checkStep(file, expected) {
  occtMessages.length = 0;
  const result = occt.ReadStepFile(new Uint8Array(fs.readFileSync(file)), {
    linearUnit: 'millimeter',
    linearDeflectionType: 'absolute_value',
    linearDeflection: 0.001,
    angularDeflection: 0.05,
  });
  const problems = [];
  const messages = occtMessages.filter((m) => /unresolved|fail|err/i.test(m));
  if (messages.length > 0) problems.push(`OpenCascade said: ${messages.join(' | ')}`);
  if (!result.success || result.meshes.length === 0) return [...problems, 'OpenCascade read no shape'];
  const { min, max, volume } = meshFigures(result.meshes);
  const size = Math.max(...expected.max.map((v, axis) => v - expected.min[axis]));
  for (let axis = 0; axis < 3; axis++) {
    if (Math.abs(min[axis] - expected.min[axis]) > TOLERANCE * size || Math.abs(max[axis] - expected.max[axis]) > TOLERANCE * size) {
      problems.push(`bounding box ${JSON.stringify([min, max])} against ${JSON.stringify([expected.min, expected.max])}`);
      break;
    }
  }
  const error = Math.abs(volume - expected.volume) / expected.volume;
  if (!(error < TOLERANCE)) problems.push(`volume ${volume.toFixed(3)} mm³ against ${expected.volume.toFixed(3)} (${(error * 100).toFixed(2)} %)`);
  return problems;
}

async function checkGlb(file) {
  const report = await validatorLoader.module.validateBytes(new Uint8Array(fs.readFileSync(file)));
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  return errors.map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`);
}

const EZDXF_CHECK = `
import json, sys, ezdxf
doc = ezdxf.readfile(sys.argv[1])
auditor = doc.audit()
msp = doc.modelspace()
texts = [t.dxf.text for t in msp.query('TEXT')]
print(json.dumps({
  "version": doc.dxfversion,
  "errors": [str(e.message) for e in auditor.errors],
  "dimension_lines": len(msp.query('LINE[layer=="DIMENSIONS"]')),
  "outline_entities": len(msp.query('*[layer=="OUTLINE"]')),
  "texts": texts,
}))
`;

function checkDxf(file, expected) {
  const run = spawnSync('python3', ['-c', EZDXF_CHECK, file], { encoding: 'utf8' });
  if (run.status !== 0) return [`ezdxf could not read it: ${run.stderr.trim().split('\n').pop()}`];
  const report = JSON.parse(run.stdout);
  const problems = report.errors.map((e) => `audit: ${e}`);
  if (report.dimension_lines < expected.dimensions.length)
    problems.push(`${report.dimension_lines} dimension lines for ${expected.dimensions.length} dimensions`);
  if (report.outline_entities === 0) problems.push('no outline');
  for (const name of expected.dimensions) {
    if (!report.texts.some((text) => text.startsWith(`${name} = `))) problems.push(`no text for dimension ${name}`);
  }
  return problems;
}

for (const variant of variants) {
  const label = `${variant.family} ${variant.standard} ${variant.size}`;
  const out = path.join(outRoot, `${variant.family}-${variant.standard}-${variant.size}`.replace(/[^A-Za-z0-9._-]/g, '_'));
  const run = spawnSync(exporter, [variant.family, variant.standard, JSON.stringify(variant.dimensions), out], { encoding: 'utf8' });
  if (run.status !== 0) {
    record(`${label}: export`, { failure: run.stderr.trim() || `exit ${run.status}` });
    continue;
  }
  const expected = JSON.parse(fs.readFileSync(path.join(out, 'expected.json'), 'utf8'));
  const outcome = (problems) => (problems.length === 0 ? {} : { failure: problems.join('; ') });
  record(
    `${label}: OpenCascade reads the STEP (bounding box, volume, no failure message)`,
    occt ? outcome(checkStep(path.join(out, 'model.step'), expected)) : { skipped: occtLoader.missing },
  );
  record(
    `${label}: glTF validator passes the GLB`,
    validatorLoader.module ? outcome(await checkGlb(path.join(out, 'model.glb'))) : { skipped: validatorLoader.missing },
  );
  record(
    `${label}: ezdxf reads the DXF and its dimensions`,
    ezdxfMissing ? { skipped: ezdxfMissing } : outcome(checkDxf(path.join(out, 'drawing.dxf'), expected)),
  );
}
fs.rmSync(outRoot, { recursive: true, force: true });
finish();

function finish() {
  if (junitFile) writeJunit(junitFile, 'part-geometry readers', cases);
  const failed = cases.filter((c) => c.failure !== undefined).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  console.log(`part-geometry readers: ${cases.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed > 0 ? 1 : 0);
}
