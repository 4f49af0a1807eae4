import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtAssets, readBuilt } from '@/test/built-app';

const mantineCss = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
const mantineEsm = path.join(path.dirname(mantineCss), 'esm');
const ourList = path.join(import.meta.dirname, 'mantine-styles.css');

/** The files of @mantine/core/styles/ that mantine-styles.css imports, in its order. */
function importedFiles(): string[] {
  const list = fs.readFileSync(ourList, 'utf8');
  return [...list.matchAll(/@import '@mantine\/core\/styles\/([\w-]+\.css)';/g)].map(
    ([, file]) => file as string,
  );
}

/** Mantine's generated class (and keyframes) names, `m_` and a hash, in the given text. */
const mantineNames = (text: string) => text.match(/\bm_[0-9a-f]{5,8}\b/g) ?? [];

/** The @mantine/core component whose CSS module defines `name`, to say which file to import. */
function componentOf(name: string): string {
  const modules = fs
    .readdirSync(mantineEsm, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.module.mjs'));
  const owner = modules.find((file) =>
    fs.readFileSync(path.join(mantineEsm, file), 'utf8').includes(`"${name}"`),
  );
  return owner ? `${path.basename(owner, '.module.mjs')}.css` : 'not @mantine/core';
}

describe('Mantine styles (app/mantine-styles.css)', () => {
  it('imports the component styles in the order @mantine/core/styles.css has them', () => {
    const whole = fs.readFileSync(mantineCss, 'utf8');
    const placed = importedFiles().map((file) => {
      const css = fs.readFileSync(path.join(path.dirname(mantineCss), 'styles', file), 'utf8');
      return { file, at: whole.indexOf(css.trim()) };
    });
    expect(placed.length).toBeGreaterThan(3);
    expect(placed.filter(({ at }) => at < 0).map(({ file }) => file)).toEqual([]);
    const inMantineOrder = [...placed].sort((a, b) => a.at - b.at).map(({ file }) => file);
    expect(placed.map(({ file }) => file)).toEqual(inMantineOrder);
  });

  it('styles every Mantine class the built app uses', () => {
    const styled = new Set(builtAssets('.css').flatMap((file) => mantineNames(readBuilt(file))));
    const used = new Set(builtAssets('.js').flatMap((file) => mantineNames(readBuilt(file))));
    const unstyled = [...used].filter((name) => !styled.has(name));
    expect(
      unstyled.map((name) => `${name} (add @mantine/core/styles/${componentOf(name)})`),
    ).toEqual([]);
  });
});
