/**
 * Whether the first-run checklist is hidden, per user, on this device: a preference of one
 * screen, not survey data (lib/storage.ts keeps those), so it lives with the screen and stays
 * across logouts (like the recognition leaderboard's).
 */
const CHECKLIST_HIDDEN_KEY = 'firstRunChecklistHidden';

export function readChecklistHidden(userId: string): boolean {
  try {
    const raw = localStorage.getItem(CHECKLIST_HIDDEN_KEY);
    const users = raw === null ? [] : (JSON.parse(raw) as unknown);
    return Array.isArray(users) && users.includes(userId);
  } catch {
    return false;
  }
}

export function writeChecklistHidden(userId: string, hidden: boolean): void {
  try {
    const raw = localStorage.getItem(CHECKLIST_HIDDEN_KEY);
    const parsed = raw === null ? [] : (JSON.parse(raw) as unknown);
    const users = Array.isArray(parsed) ? parsed.filter((id) => typeof id === 'string') : [];
    const next = hidden ? [...new Set([...users, userId])] : users.filter((id) => id !== userId);
    localStorage.setItem(CHECKLIST_HIDDEN_KEY, JSON.stringify(next));
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}
