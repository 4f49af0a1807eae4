/** A survey set or a department is culinary when its name contains this, in any case (spec §9). */
export const CULINARY_TEXT = 'culinary';

/** A survey set is a culinary set when its name contains 'culinary', in any case (spec §9). */
export function isCulinarySet(name: string): boolean {
  return name.toLowerCase().includes(CULINARY_TEXT);
}
