/** A survey set is a culinary set when its name contains 'culinary', in any case (spec §9). */
export function isCulinarySet(name: string): boolean {
  return name.toLowerCase().includes('culinary');
}
